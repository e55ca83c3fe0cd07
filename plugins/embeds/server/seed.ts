/**
 * Demo embeds (issue 32): the first newsletter's published metro story ends with a YouTube video
 * and a custom button, and its issue ready to test-send shows that story's card and a button to
 * the newsletter's page. So right after `npm start` a newcomer sees both in the editor, on the
 * story's page and in the test e-mail. The pictures are drawn here, offline: the video's provider
 * card from its address alone, the story's own card from the database.
 */
import type { SeedContext } from '../../../core/server/plugins/contract';
import { findNewsletter } from '../../../core/server/store';
import { buttonLink, buttonText, storedButtonHtml, storedEmbedHtml, storedEmbedOf } from '../../../core/shared/embeds';
import { addToDemoIssueIntro } from '../../issues/server/public';
import { addToDemoStory } from '../../stories/server/public';
import { generateCard, providerEmbed, type EmbedMaker } from './generate';
import type { EmbedGenerated } from '../../../schemas/generated/api/embed-generated';

const demoVideo = 'https://www.youtube.com/watch?v=M7lc1UVf-VE';
const demoStorySlug = 'sehirde-yeni-metro-hatti-acildi';

const button = (text: string, url: string) => storedButtonHtml(buttonText(text), buttonLink(url)!);
const embed = (made: EmbedGenerated, source: string) => storedEmbedHtml(storedEmbedOf(made, made.embedId, made.kind, source));

export async function seedEmbeds(context: SeedContext): Promise<void> {
  const { demo } = context;
  const maker: EmbedMaker = { env: context.env, db: context.db, storage: context.storage, log: context.log, browser: null };
  const newsletterId = demo.newsletterIds[0];
  if (!newsletterId) return;
  const video = await providerEmbed(maker, demoVideo);
  const storyId = await addToDemoStory(
    context.db,
    demoStorySlug,
    (video ? embed(video, video.link) : '') + button('Sefer saatlerine bakın', 'https://ulasim.example/metro/sefer-saatleri'),
  );
  if (!storyId) return;
  const card = await generateCard(maker, demo.publisherId, 's', storyId);
  const newsletter = await findNewsletter(context.db, newsletterId);
  const page = `${context.env.publicUrl}/n/${newsletter?.key ?? newsletterId}`;
  await addToDemoIssueIntro(context.db, newsletterId, embed(card, card.link) + button('Bülteni bir arkadaşınıza önerin', page));
  context.log.info('demo embeds created');
}
