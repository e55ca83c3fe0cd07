/**
 * PUBLISH (spec 002 section 4): create the newsletter, give its e-mail design the newsletter's image
 * as the banner, publish it, then ask for the session's scopes again so that the switcher lists it
 * at once. Each step done is remembered: when one fails, PUBLISH again goes on from that step
 * instead of creating a second newsletter (whose slug would now be taken).
 */
import { refreshScopes } from '../../../../core/client/session';
import type { NewsletterDraft } from '../../rules';
import { designApi, type EmailDesign } from '../design-api';

export type PublicationStep = 'create' | 'design' | 'publish' | 'reload';

/** The steps in the order they run, with what the progress bar says during each. */
export const publicationSteps: { step: PublicationStep; label: string }[] = [
  { step: 'create', label: 'Creating the newsletter...' },
  { step: 'design', label: 'Setting up its e-mail design...' },
  { step: 'publish', label: 'Publishing...' },
  { step: 'reload', label: 'Loading your newsletters...' },
];

/** The new newsletter as POST /newsletters/create answered it, its e-mail design with the banner set. */
export interface CreatedNewsletter {
  _id: string;
  image: string;
  email: EmailDesign;
}

/** How far a publication got: the steps done, and the newsletter once created. */
export interface Publication {
  created: CreatedNewsletter | null;
  done: PublicationStep[];
}

export const notStarted: Publication = { created: null, done: [] };

/**
 * Runs the steps `from` has not done, in order. `report` hears of each step as it starts and of
 * what is done after each, so a failure (thrown on) keeps what went through.
 */
export async function publishNewsletter(
  draft: NewsletterDraft,
  from: Publication,
  report: (publication: Publication, running: PublicationStep | null) => void,
): Promise<Publication & { created: CreatedNewsletter }> {
  let publication = from;
  const run = async (step: PublicationStep, work: () => Promise<Partial<Publication>>) => {
    if (publication.done.includes(step)) return;
    report(publication, step);
    const changes = await work();
    publication = { ...publication, ...changes, done: [...publication.done, step] };
    report(publication, null);
  };
  const created = () => {
    if (!publication.created) throw new Error('the newsletter is not created yet');
    return publication.created;
  };

  await run('create', async () => {
    const answer = await designApi.create(draft);
    return { created: { _id: answer._id, image: answer.image, email: { ...answer.design.email, banner: answer.image } } };
  });
  await run('design', async () => {
    await designApi.saveEmailDesign(created()._id, created().email);
    return {};
  });
  await run('publish', async () => {
    await designApi.publish(created()._id);
    return {};
  });
  await run('reload', async () => {
    await refreshScopes();
    return {};
  });
  return { ...publication, created: created() };
}
