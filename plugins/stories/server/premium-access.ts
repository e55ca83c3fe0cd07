/**
 * Who reads a premium story whole: an extension point of the stories plugin, contributed by the
 * plugin that sells subscriptions (payments). Without it nobody does, and a premium story is its
 * teaser and the premium notice everywhere (reader.ts).
 */
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../../core/server/plugins/contract';
import { extensionPoint } from '../../../core/server/plugins/extension-points';
import type { ReaderAccess } from './reader';

export interface PremiumNewsletter {
  id: string;
  key: string;
  publisher_id: string;
}

export interface PremiumAccess {
  /** Whether the request's reader (signed in on the public pages) pays for the newsletter now. */
  reads(request: FastifyRequest, newsletter: PremiumNewsletter): Promise<boolean>;
  /** The addresses paying for the newsletter now, lower-case (an issue's e-mail goes whole to them). */
  payers(newsletterId: string): Promise<Set<string>>;
  /** Where a reader subscribes to read it whole (the newsletter's plans), or null when none is offered. */
  offer(newsletter: PremiumNewsletter): Promise<string | null>;
}

export const premiumAccess = extensionPoint<PremiumAccess>('stories.premium-access', { single: true });

/** What the request's reader gets of a premium story of this newsletter (nothing to ask for another story). */
export async function readerAccess(
  context: Pick<AppContext, 'extensions'>,
  request: FastifyRequest,
  story: { is_premium: boolean; newsletter: PremiumNewsletter },
): Promise<ReaderAccess> {
  const access = context.extensions.one(premiumAccess);
  if (!story.is_premium || !access) return {};
  if (await access.reads(request, story.newsletter)) return { whole: true };
  return { offer: await access.offer(story.newsletter) };
}
