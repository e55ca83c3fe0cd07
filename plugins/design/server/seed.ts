/**
 * Demo data: the demo newsletters' landing page covers, and two of them with an e-mail design of
 * their own (a banner, a serif font, highlighted links, square cards), so the design pages and
 * the sent issues show what the design changes. Covers and banner come from the demo image library.
 */
import type { SeedContext } from '../../../core/server/plugins/contract';
import { libraryImages } from '../../images/server/public';
import { emailFonts, type EmailDesign } from '../../../core/shared/email-design';
import { designDb, findEmailDesign, saveEmailDesign, saveWebDesign } from './store';

const fontNamed = (name: string) => emailFonts.find((font) => font.name === name)!.stack;

/** Per demo newsletter (Sabah Bülteni, Teknoloji Notları, Kültür Sanat Haftalık): what its design changes. */
const demoDesigns: ((banner: string) => Partial<EmailDesign>)[] = [
  () => ({}),
  (banner) => ({
    banner,
    fontFamily: fontNamed('Verdana'),
    emailBackgroundColor: '#e8eef6',
    borderColor: '#c7d4e5',
    linkColor: '#0b3d91',
    linkStyling: 'highlight',
    linkStylingColor: '#dbe9ff',
    linkStylingColorDark: '#23395d',
    footerBackgroundColor: '#0b3d91',
    footerLinkColor: '#ffffff',
  }),
  () => ({
    fontFamily: fontNamed('Georgia'),
    roundedBorders: false,
    borderWidth: 2,
    borderColor: '#1f2937',
    channelTitleCentered: true,
    showReferralCampaign: true,
  }),
];

export async function seedDesign({ db: handle, storage, demo }: SeedContext): Promise<void> {
  const db = designDb(handle);
  const [images, originals] = await Promise.all([
    libraryImages(handle, storage, demo.publisherId),
    libraryImages(handle, storage, demo.publisherId, 'original'),
  ]);
  if (images.length === 0) return;
  for (const [index, newsletterId] of demo.newsletterIds.entries()) {
    const change = demoDesigns[index];
    if (!change) continue;
    await saveWebDesign(db, newsletterId, { cover: images[index % images.length]! });
    const banner = originals[(index + 3) % originals.length]!;
    await saveEmailDesign(db, newsletterId, { ...(await findEmailDesign(db, newsletterId)), ...change(banner) });
  }
}
