/**
 * /newsletters/create (spec 002 section 2.5): the newsletter creation wizard, outside the shell.
 * Stages -1 to 7 under a progress bar: the agreement, the identity (CREATE), description and
 * interests, colours, the welcome e-mail, channels (skippable), ready to publish (PUBLISH), the
 * congratulations and the e-mail design (FINISH). Every stage checks what it asks for with
 * rules.ts's messages (a toast and a line under each field) before going on; the draft stays in
 * this page across stages, so Back never loses anything. FINISH goes to the publisher's page when
 * the page was opened with ?redirect (a director's first newsletter), else to the new newsletter.
 */
import { DefaultButton, PrimaryButton, Stack } from '@fluentui/react';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { call } from '../../../../core/client/api';
import { keyEndpoints } from '../../../../core/shared/endpoints/keys';
import { handleError } from '../../../../core/client/errors';
import { ConfirmDialog } from '../../../../core/client/page-parts';
import { currentScopeAtom, scopesAtom, store, userAtom } from '../../../../core/client/stores';
import { toast } from '../../../../core/client/toasts';
import { useWizardStart, WizardFrame } from '../../../../core/client/wizard-frame';
import type { Scope } from '../../../../schemas/generated/entities/scope';
import { agreementMessage, keyTaken, type Problem } from '../../rules';
import { designApi, type EmailDesign, type NewsletterBlank } from '../design-api';
import { checkEmailDesign } from '../EmailDesignForm';
import { ColorsStage, DescriptionStage } from './AboutStages';
import { AgreementStage, type Acceptance } from './AgreementStage';
import { ChannelsStage } from './ChannelsStage';
import { CongratsStage } from './CongratsStage';
import { DesignStage } from './DesignStage';
import { IdentityStage } from './IdentityStage';
import { notStarted, publishNewsletter, type Publication, type PublicationStep } from './publication';
import { PublishStage } from './PublishStage';
import type { StageProps } from './stage-parts';
import { WelcomeStage } from './WelcomeStage';
import {
  backOffered,
  errorsOf,
  nextStage,
  previousStage,
  primaryLabels,
  problemTitle,
  stageProblems,
  stageTitles,
  stepOf,
  withoutErrors,
  type Stage,
  type WizardDraft,
} from './wizard-state';

/** The page's width: the form stages read best narrow, the two-column ones need room. */
const narrowWidth = 760;
const wideWidth = 1240;
const wideStages: Stage[] = [4, 7];

/** The draft as the blank newsletter gives it, its language the first offered when the blank's is not. */
function draftOf(blank: NewsletterBlank): WizardDraft {
  const { langs } = blank.data;
  return { ...blank.body, lang: langs.includes(blank.body.lang) ? blank.body.lang : (langs[0] ?? blank.body.lang) };
}

/** The new newsletter's scope: the session's (after PUBLISH reloaded them), else one made from the draft. */
function scopeOf(newsletterId: string, draft: WizardDraft): Scope {
  const found = store.get(scopesAtom).find((scope) => scope._id === newsletterId);
  if (found) return found;
  const publisher = store.get(userAtom)?.publisher ?? undefined;
  return { _id: newsletterId, type: 'newsletter', title: draft.title, image: draft.image, lang: draft.lang, ...(publisher ? { publisher } : {}) };
}

export default function NewsletterWizardPage() {
  const [, navigate] = useLocation();
  const redirect = new URLSearchParams(useSearch()).has('redirect');
  const user = useAtomValue(userAtom);
  const [blank, setBlank] = useState<NewsletterBlank | null>(null);
  const [stage, setStage] = useState<Stage>(-1);
  const [accepted, setAccepted] = useState<Acceptance>({ agreement: false, policy: false });
  const [draft, setDraft] = useState<WizardDraft | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [channelsSkipped, setChannelsSkipped] = useState(false);
  const [busy, setBusy] = useState(false);
  const [publication, setPublication] = useState<Publication>(notStarted);
  const [running, setRunning] = useState<PublicationStep | null>(null);
  const [design, setDesign] = useState<EmailDesign | null>(null);
  const [leaving, setLeaving] = useState(false);

  const start = useWizardStart(async () => {
    const answer = await designApi.blank();
    setBlank(answer);
    setDraft(draftOf(answer));
  });

  const change: StageProps['change'] = (patch, touched) => {
    setDraft((current) => {
      if (!current) return current;
      return { ...current, ...(typeof patch === 'function' ? patch(current) : patch) };
    });
    const paths = touched ?? (typeof patch === 'function' ? [] : Object.keys(patch));
    setErrors((current) => withoutErrors(current, paths));
  };

  const go = (to: Stage) => {
    setErrors({});
    setStage(to);
  };
  /** Says what keeps the stage from going on: the first problem in the toast, each under its field. */
  const refuse = (problems: Problem[]) => {
    setErrors(errorsOf(problems));
    toast('error', problemTitle(stage), problems[0]!.message);
  };

  /** The slug is free (asked now, not trusted from what the field last heard). */
  const keyIsFree = async (key: string) => {
    const { msg } = await call(keyEndpoints.check, { query: { model: 'Newsletter', key } });
    return msg === 'AVAILABLE';
  };

  const publish = async (current: WizardDraft) => {
    // A skipped stage 4 leaves the blank's templates as they came.
    const sent = channelsSkipped && blank ? { ...current, channelTemplates: blank.body.channelTemplates } : current;
    const finished = await publishNewsletter(sent, publication, (next, step) => {
      setPublication(next);
      setRunning(step);
    });
    setDesign(finished.created.email);
    go(6);
  };

  const finish = async (newsletterId: string, current: WizardDraft) => {
    if (!design) return;
    const checked = checkEmailDesign(structuredClone(design));
    if (!checked.ok) return refuse(checked.details);
    await designApi.saveEmailDesign(newsletterId, design);
    const publisherId = scopeOf(newsletterId, current).publisher ?? user?.publisher;
    navigate(redirect && publisherId ? `/publishers/show/${publisherId}` : `/newsletters/show/${newsletterId}`);
  };

  /** The primary button: check the stage, then do what it says and go on. */
  const primary = async () => {
    if (!draft) return;
    if (stage === -1) {
      if (!accepted.agreement || !accepted.policy) return toast('error', 'Error!', agreementMessage);
      return go(0);
    }
    const problems = stageProblems(stage, draft);
    if (problems.length > 0) return refuse(problems);
    setBusy(true);
    try {
      switch (stage) {
        case 0:
          if (!(await keyIsFree(draft.key.trim()))) return refuse([{ message: keyTaken(draft.key.trim()), path: 'key' }]);
          return go(1);
        case 4:
          setChannelsSkipped(false);
          return go(5);
        case 5:
          return await publish(draft);
        case 6: {
          // The new newsletter becomes the recent scope: the console opens in it from now on.
          store.set(currentScopeAtom, scopeOf(publication.created!._id, draft));
          return go(7);
        }
        case 7:
          return await finish(publication.created!._id, draft);
        default:
          return go(nextStage(stage));
      }
    } catch (error) {
      // The shared handler says what the server answered; the stage and everything typed stay.
      await handleError(error);
    } finally {
      setRunning(null);
      setBusy(false);
    }
  };

  const skip = () => {
    setChannelsSkipped(true);
    go(5);
  };

  const leave = () => {
    const publisherId = store.get(userAtom)?.publisher;
    navigate(redirect && publisherId ? `/publishers/show/${publisherId}` : '/');
  };
  // Until PUBLISH, leaving loses the draft: ask first once something was done.
  const askToLeave = () => (stage > -1 && stage < 6 ? setLeaving(true) : leave());

  const step = stepOf(stage);
  const created = publication.created;
  // Once the newsletter exists, Back could only change a draft that is no longer sent.
  const showBack = backOffered(stage) && !(stage === 5 && created);

  let content = null;
  if (draft && blank) {
    const props: StageProps = { draft, change, errors };
    switch (stage) {
      case -1:
        content = <AgreementStage accepted={accepted} onChange={setAccepted} />;
        break;
      case 0:
        content = <IdentityStage {...props} langs={blank.data.langs} />;
        break;
      case 1:
        content = <DescriptionStage {...props} interests={blank.data.interests} />;
        break;
      case 2:
        content = <ColorsStage {...props} />;
        break;
      case 3:
        content = <WelcomeStage {...props} />;
        break;
      case 4:
        content = <ChannelsStage draft={draft} change={change} examples={blank.data.examples} />;
        break;
      case 5:
        content = <PublishStage draft={draft} interests={blank.data.interests} channelsSkipped={channelsSkipped} publication={publication} running={running} />;
        break;
      case 6:
        content = <CongratsStage title={draft.title} newsletterKey={draft.key.trim()} />;
        break;
      case 7:
        content =
          created && design ? (
            <DesignStage newsletterId={created._id} newsletterImage={created.image} design={design} fonts={blank.data.design.fonts} onChange={setDesign} />
          ) : null;
        break;
    }
  }

  return (
    <>
      <WizardFrame
        title="Create a Newsletter"
        closeLabel="Leave the wizard"
        onClose={askToLeave}
        width={wideStages.includes(stage) ? wideWidth : narrowWidth}
        step={step.number}
        steps={step.count}
        stage={stage}
        stageTitle={stageTitles[stage]}
        id="wizard"
        start={start}
        back={showBack ? <DefaultButton text="BACK" iconProps={{ iconName: 'Back' }} onClick={() => go(previousStage(stage))} disabled={busy} /> : null}
        actions={
          <Stack horizontal tokens={{ childrenGap: 12 }}>
            {stage === 4 ? <DefaultButton text="SKIP" onClick={skip} disabled={busy} /> : null}
            <PrimaryButton text={primaryLabels[stage]} onClick={() => void primary()} disabled={busy} />
          </Stack>
        }
      >
        {content}
      </WizardFrame>
      {leaving ? (
        <ConfirmDialog
          title="Leave the wizard?"
          text="Your newsletter is not created yet: what you entered will be lost."
          action="LEAVE"
          onConfirm={async () => leave()}
          onDismiss={() => setLeaving(false)}
        />
      ) : null}
    </>
  );
}
