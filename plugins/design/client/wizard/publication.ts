/**
 * The wizard's calls (spec 002 section 4, issue 31). Stage 0's CREATE makes the newsletter,
 * unpublished, so that leaving the wizard later keeps it; each stage after saves what it asked
 * for. PUBLISH saves the whole newsletter once more, gives its e-mail design the newsletter's
 * image as the banner and its colours (rules.ts brandColours), publishes it, then asks for the
 * session's scopes again so that the switcher lists it at once. Each step done is remembered: when
 * one fails, PUBLISH again goes on from that step.
 */
import { call } from '../../../../core/client/api';
import { refreshScopes } from '../../../../core/client/session';
import type { NewsletterUpdateBody } from '../../../../schemas/generated/api/newsletter-update';
import { newsletterEndpoints } from '../../../newsletters/endpoints';
import { brandColours, type NewsletterDraft } from '../../rules';
import { designApi, type EmailDesign } from '../design-api';
import type { WizardDraft } from './wizard-state';

export type PublicationStep = 'save' | 'design' | 'publish' | 'reload';

/** The steps in the order they run, with what the progress bar says during each (English: shown through `t`). */
export const publicationSteps: { step: PublicationStep; label: string }[] = [
  { step: 'save', label: 'Saving the newsletter...' },
  { step: 'design', label: 'Setting up its e-mail design...' },
  { step: 'publish', label: 'Publishing...' },
  { step: 'reload', label: 'Loading your newsletters...' },
];

/** The new newsletter as POST /newsletters/create answered it: its id, image and e-mail design. */
export interface CreatedNewsletter {
  _id: string;
  image: string;
  email: EmailDesign;
}

/** How far PUBLISH got: the steps done. */
export interface Publication {
  done: PublicationStep[];
}

export const notStarted: Publication = { done: [] };

/** CREATE: the newsletter made from stage 0's identity; the session's scopes are read again, so the switcher lists it. */
export async function createNewsletter(draft: WizardDraft): Promise<CreatedNewsletter> {
  const { title, subtitle, key, image, lang } = draft;
  const answer = await designApi.create({ title, subtitle, key: key.trim(), image, lang } as NewsletterDraft);
  await refreshScopes();
  return { _id: answer._id, image: answer.image, email: answer.design.email };
}

/** The parts of the newsletter the wizard has asked for so far: the stages passed after CREATE. */
export interface SavedParts {
  description: boolean;
  welcome: boolean;
  channels: boolean;
}

/** Saves the draft's identity and colours, and the parts `parts` names, to the newsletter made by CREATE. */
export async function saveDraft(newsletterId: string, draft: WizardDraft, parts: SavedParts): Promise<void> {
  const body: NewsletterUpdateBody = {
    title: draft.title,
    subtitle: draft.subtitle,
    key: draft.key.trim(),
    image: draft.image,
    color: draft.color,
    textColor: draft.textColor,
    ...(parts.description ? { description: draft.description, interests: draft.interests } : {}),
    ...(parts.welcome ? { welcome: draft.welcome } : {}),
    ...(parts.channels ? { channelTemplates: draft.channelTemplates } : {}),
  };
  await call(newsletterEndpoints.update, { params: { id: newsletterId }, body });
}

/**
 * PUBLISH: runs the steps `from` has not done, in order. `report` hears of each step as it starts
 * and of what is done after each, so a failure (thrown on) keeps what went through. Answers the
 * e-mail design as saved.
 */
export async function publishNewsletter(
  created: CreatedNewsletter,
  draft: WizardDraft,
  parts: SavedParts,
  from: Publication,
  report: (publication: Publication, running: PublicationStep | null) => void,
): Promise<EmailDesign> {
  let publication = from;
  const design: EmailDesign = { ...created.email, banner: created.image, ...brandColours(draft) };
  const run = async (step: PublicationStep, work: () => Promise<unknown>) => {
    if (publication.done.includes(step)) return;
    report(publication, step);
    await work();
    publication = { done: [...publication.done, step] };
    report(publication, null);
  };
  await run('save', () => saveDraft(created._id, draft, parts));
  await run('design', () => designApi.saveEmailDesign(created._id, design));
  await run('publish', () => designApi.publish(created._id));
  await run('reload', () => refreshScopes());
  return design;
}
