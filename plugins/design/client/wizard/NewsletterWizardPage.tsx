/**
 * /newsletters/create (spec 002 section 2.5): the newsletter creation wizard, outside the shell.
 * Stages -1 to 7 under a progress bar: the agreement, the identity (CREATE), description and
 * interests, colours, the welcome e-mail, channels (skippable), ready to publish (PUBLISH), the
 * congratulations and the e-mail design (FINISH). Every stage checks what it asks for with
 * rules.ts's messages (a toast and a line under each field) before going on. CREATE makes the
 * newsletter, unpublished, and every stage after saves its part (issue 31): leaving keeps what was
 * done, and ?newsletter={id} opens the wizard again on such a newsletter (its card links there).
 * FINISH goes to the new newsletter's home, also when the page was opened with ?redirect (a
 * director's first newsletter; spec 002 sent that one to the publisher's page: decision 0055).
 * Every toast is titled 'Error!' in the console's language, the welcome e-mail's too (issue 55).
 */
import { DefaultButton, PrimaryButton, Stack } from '@fluentui/react';
import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { call } from '../../../../core/client/api';
import { keyEndpoints } from '../../../../core/shared/endpoints/keys';
import { handleError } from '../../../../core/client/errors';
import { ConfirmDialog } from '../../../../core/client/page-parts';
import { currentScopeAtom, scopesAtom, store, userAtom } from '../../../../core/client/stores';
import { toast } from '../../../../core/client/toasts';
import { useWizardStart, WizardFrame } from '../../../../core/client/wizard-frame';
import { t } from '../../../../core/client/words';
import type { Scope } from '../../../../schemas/generated/entities/scope';
import { agreementMessage, type Problem } from '../../rules';
import { designApi, type EmailDesign, type NewsletterBlank } from '../design-api';
import { checkEmailDesign } from '../EmailDesignForm';
import { ColorsStage, DescriptionStage } from './AboutStages';
import { AgreementStage, type Acceptance } from './AgreementStage';
import { ChannelsStage } from './ChannelsStage';
import { CongratsStage } from './CongratsStage';
import { DesignStage } from './DesignStage';
import { IdentityStage } from './IdentityStage';
import {
  createNewsletter,
  notStarted,
  publishNewsletter,
  saveDraft,
  type CreatedNewsletter,
  type Publication,
  type PublicationStep,
  type SavedParts,
} from './publication';
import { PublishStage } from './PublishStage';
import type { StageProps } from './stage-parts';
import { WelcomeStage } from './WelcomeStage';
import {
  backOffered,
  errorsOf,
  nextStage,
  previousStage,
  primaryLabels,
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

/** The parts a stage's primary button saves, once passed: the stages after it ask for none again. */
function partsPassed(stage: Stage, channelsSkipped: boolean): SavedParts {
  return { description: stage >= 1, welcome: stage >= 3, channels: stage >= 4 && !channelsSkipped };
}

/** A newsletter made by an earlier CREATE, as the wizard goes on with it: its settings as the draft, its e-mail design. */
async function resumed(newsletterId: string, blank: NewsletterBlank): Promise<{ draft: WizardDraft; created: CreatedNewsletter }> {
  const [settings, design] = await Promise.all([designApi.newsletter(newsletterId), designApi.emailDesign(newsletterId)]);
  const welcome = settings.welcome ?? blank.body.welcome;
  const draft: WizardDraft = {
    ...draftOf(blank),
    title: settings.title,
    subtitle: settings.subtitle,
    key: settings.key,
    image: settings.image,
    lang: settings.lang,
    description: settings.description,
    interests: settings.interests ?? [],
    color: settings.color,
    textColor: settings.textColor,
    welcome: { subject: welcome.subject, preview: welcome.preview, intro: { html: welcome.intro.html } },
    channelTemplates: settings.channelTemplates.length > 0 ? settings.channelTemplates : blank.body.channelTemplates,
  };
  return { draft, created: { _id: newsletterId, image: settings.image, email: design.body } };
}

export default function NewsletterWizardPage() {
  const [, navigate] = useLocation();
  const search = new URLSearchParams(useSearch());
  const redirect = search.has('redirect');
  const resumeId = search.get('newsletter');
  const [blank, setBlank] = useState<NewsletterBlank | null>(null);
  const [stage, setStage] = useState<Stage>(-1);
  const [accepted, setAccepted] = useState<Acceptance>({ agreement: false, policy: false });
  const [draft, setDraft] = useState<WizardDraft | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [channelsSkipped, setChannelsSkipped] = useState(false);
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<CreatedNewsletter | null>(null);
  const [publication, setPublication] = useState<Publication>(notStarted);
  const [running, setRunning] = useState<PublicationStep | null>(null);
  const [design, setDesign] = useState<EmailDesign | null>(null);
  const [leaving, setLeaving] = useState(false);

  const start = useWizardStart(async () => {
    const answer = await designApi.blank();
    if (resumeId) {
      const found = await resumed(resumeId, answer);
      setCreated(found.created);
      setDraft(found.draft);
      setStage(0);
    } else {
      setDraft(draftOf(answer));
    }
    setBlank(answer);
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
    toast('error', 'Error!', problems[0]!.message);
  };

  /** The slug is free (asked now, not trusted from what the field last heard), the newsletter's own left out once created. */
  const keyIsFree = async (key: string) => {
    const { msg } = await call(keyEndpoints.check, { query: { model: 'Newsletter', key, ...(created ? { _id: created._id } : {}) } });
    return msg === 'AVAILABLE';
  };

  const publish = async (newsletter: CreatedNewsletter, current: WizardDraft) => {
    // A skipped stage 4 leaves the templates as CREATE made them.
    const saved = await publishNewsletter(newsletter, current, partsPassed(4, channelsSkipped), publication, (next, step) => {
      setPublication(next);
      setRunning(step);
    });
    setDesign(saved);
    go(6);
  };

  /** CREATE: the newsletter is made; pressed again after Back, it saves the identity instead. */
  const create = async (current: WizardDraft) => {
    const key = current.key.trim();
    if (!(await keyIsFree(key))) return refuse([{ message: t('The newsletter name {key} already exists.', { key }), path: 'key' }]);
    if (created) await saveDraft(created._id, current, partsPassed(-1, channelsSkipped));
    else setCreated(await createNewsletter(current));
    go(1);
  };

  const finish = async (newsletterId: string) => {
    if (!design) return;
    const checked = checkEmailDesign(structuredClone(design));
    if (!checked.ok) return refuse(checked.details);
    await designApi.saveEmailDesign(newsletterId, design);
    // The newsletter just made, whichever way the wizard was opened (issue 55: not the publisher's page after ?redirect).
    navigate(`/newsletters/show/${newsletterId}`);
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
          return await create(draft);
        case 4:
          setChannelsSkipped(false);
          await saveDraft(created!._id, draft, partsPassed(4, false));
          return go(5);
        case 5:
          return await publish(created!, draft);
        case 6: {
          // The new newsletter becomes the recent scope: the console opens in it from now on.
          store.set(currentScopeAtom, scopeOf(created!._id, draft));
          return go(7);
        }
        case 7:
          return await finish(created!._id);
        default:
          await saveDraft(created!._id, draft, partsPassed(stage, channelsSkipped));
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
    // A newsletter made by CREATE stays: the console goes to it, and its card offers to finish it.
    if (created) return navigate(`/newsletters/show/${created._id}`);
    navigate(redirect && publisherId ? `/publishers/show/${publisherId}` : '/');
  };
  // Until PUBLISH, leaving loses what this stage holds (before CREATE: everything): ask first once something was done.
  const askToLeave = () => (stage > -1 && stage < 6 ? setLeaving(true) : leave());

  const step = stepOf(stage);
  // Once PUBLISH has begun, Back could only change what is already sent; before CREATE, the agreement is the only way back.
  const showBack = backOffered(stage) && !(stage === 5 && publication.done.length > 0) && !(stage === 0 && created);

  let content = null;
  if (draft && blank) {
    // The rules' messages are English: each field says its own in the console's language.
    const shownErrors = Object.fromEntries(Object.entries(errors).map(([path, message]) => [path, t(message)]));
    const props: StageProps = { draft, change, errors: shownErrors };
    switch (stage) {
      case -1:
        content = <AgreementStage accepted={accepted} onChange={setAccepted} />;
        break;
      case 0:
        content = <IdentityStage {...props} langs={blank.data.langs} newsletterId={created?._id ?? null} />;
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
        title={t('Create a Newsletter')}
        closeLabel={t('Leave the wizard')}
        onClose={askToLeave}
        width={wideStages.includes(stage) ? wideWidth : narrowWidth}
        step={step.number}
        steps={step.count}
        stage={stage}
        stageTitle={t(stageTitles[stage])}
        id="wizard"
        start={start}
        back={showBack ? <DefaultButton text={t('BACK')} iconProps={{ iconName: 'Back' }} onClick={() => go(previousStage(stage))} disabled={busy} /> : null}
        actions={
          <Stack horizontal tokens={{ childrenGap: 12 }}>
            {stage === 4 ? <DefaultButton text={t('SKIP')} onClick={skip} disabled={busy} /> : null}
            <PrimaryButton text={t(stage === 0 && created ? primaryLabels[1] : primaryLabels[stage])} onClick={() => void primary()} disabled={busy} />
          </Stack>
        }
      >
        {content}
      </WizardFrame>
      {leaving ? (
        <ConfirmDialog
          title={t('Leave the wizard?')}
          text={
            created
              ? t('Your newsletter is saved but not published. What you changed on this page will be lost; you can finish the rest from its dashboard.')
              : t('Your newsletter is not created yet: what you entered will be lost.')
          }
          action={t('LEAVE')}
          onConfirm={async () => leave()}
          onDismiss={() => setLeaving(false)}
        />
      ) : null}
    </>
  );
}
