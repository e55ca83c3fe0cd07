/**
 * The e-mail design's fields (spec 002 sections 2.7 and 3), grouped as the e-mail is read: the
 * banner, the page, the cards, the links and the footer. Every colour stands beside its Dark
 * variant, which mail clients in dark mode use. The form checks the values with the schema the
 * server validates with and shows each problem at its field; saving is the page's (the design
 * page, the wizard's last stage).
 */
import { ChoiceGroup, DefaultButton, Dropdown, Stack, Text, Toggle, type IDropdownOption } from '@fluentui/react';
import { useMemo, type ReactNode } from 'react';
import { byField, formValidator } from '../../../core/client/forms';
import { ImageField } from '../../../core/client/ImageField';
import { sizedImage } from '../../../core/client/image-size';
import { theme } from '../../../core/client/theme';
import { t, tMaybe } from '../../../core/client/words';
import { constants } from '../../../core/shared/config';
import designSchema from '../../../schemas/entities/email-design.schema.json';
import validateDesign from '../../../schemas/entities/email-design.schema.json?validator';
import { ColorField } from '../../settings/client/public';
import type { EmailDesign, EmailFont } from './design-api';

/** The design checked as the server checks it; the pages send only a valid one. */
export const checkEmailDesign = formValidator<EmailDesign>(validateDesign);

const { banner } = constants.design;
/** What the banner should be, in the console's language (call it where it is shown). */
export const bannerGuidance = () =>
  t('A {width} x {height} px transparent png; the banner image ratio is 2:1.', { width: banner.width, height: banner.height });
/** The banner's thumbnail, in the banner's proportions. */
const bannerImage = sizedImage(banner, 240);

/** The options' texts are English: shown through `t`. */
export const borderWidthOptions: IDropdownOption[] = [
  { key: 1, text: '1 Thin' },
  { key: 2, text: '2 Thick' },
  { key: 3, text: '3 Thicker' },
];

const linkStylingOptions = [
  { key: 'underline', text: 'Underline' },
  { key: 'highlight', text: 'Highlight' },
];

type ColorKey = {
  [K in keyof EmailDesign]: K extends `${string}Color` ? K : never;
}[keyof EmailDesign];
type SwitchKey = { [K in keyof EmailDesign]: EmailDesign[K] extends boolean ? K : never }[keyof EmailDesign];

/** What a field is for, as the schema describes it (without the Dark variant's note), in the console's language. */
const help = (key: keyof EmailDesign) => {
  const description = (designSchema.properties[key] as { description?: string }).description;
  return description ? t(description) : '';
};

export interface EmailDesignFormProps {
  value: EmailDesign;
  fonts: EmailFont[];
  onChange(design: EmailDesign): void;
  /** The newsletter's cover, offered as the banner. */
  newsletterImage?: string;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} style={{ background: theme.palette.white, borderRadius: 8, boxShadow: theme.effects.elevation4, padding: 24 }}>
      <Stack tokens={{ childrenGap: 16 }}>
        <Text as="h2" variant="mediumPlus" styles={{ root: { fontWeight: 700, letterSpacing: '1px', margin: 0 } }}>
          {title}
        </Text>
        {children}
      </Stack>
    </section>
  );
}

export function EmailDesignForm({ value, fonts, onChange, newsletterImage }: EmailDesignFormProps) {
  const errors = useMemo(() => {
    const result = checkEmailDesign(structuredClone(value));
    return result.ok ? {} : byField(result.details);
  }, [value]);
  const set = <K extends keyof EmailDesign>(key: K, next: EmailDesign[K]) => onChange({ ...value, [key]: next });

  /** A colour and its Dark variant, side by side, named together for screen readers. */
  const colorPair = (key: ColorKey, label: string) => {
    const dark = `${key}Dark` as ColorKey;
    return (
      <div role="group" aria-label={label}>
        <Stack horizontal wrap tokens={{ childrenGap: 24 }}>
          <ColorField label={label} value={value[key]} onChange={(hex) => set(key, hex)} errorMessage={tMaybe(errors[key])} />
          <ColorField label={t('Dark')} value={value[dark]} onChange={(hex) => set(dark, hex)} errorMessage={tMaybe(errors[dark])} />
        </Stack>
        <Text variant="small" styles={{ root: { color: theme.semanticColors.bodySubtext } }}>
          {help(key)}
        </Text>
      </div>
    );
  };
  const toggle = (key: SwitchKey, label: string) => (
    <Toggle label={label} inlineLabel checked={value[key]} onChange={(_event, on) => set(key, Boolean(on))} styles={{ root: { margin: 0 } }} />
  );

  // A stack the list does not offer (set elsewhere) stays choosable as it is.
  const fontOptions: IDropdownOption[] = fonts.map((font) => ({ key: font.stack, text: font.name }));
  if (!fonts.some((font) => font.stack === value.fontFamily)) fontOptions.push({ key: value.fontFamily, text: value.fontFamily });

  return (
    <Stack tokens={{ childrenGap: 20 }}>
      <Section title={t('Banner')}>
        <ImageField label={t('Banner')} value={value.banner} onChange={(path) => set('banner', path)} errorMessage={tMaybe(errors.banner)} {...bannerImage} />
        <Text variant="small" styles={{ root: { color: theme.semanticColors.bodySubtext } }}>
          {bannerGuidance()}
        </Text>
        <Stack horizontal wrap tokens={{ childrenGap: 8 }}>
          {newsletterImage && newsletterImage !== value.banner ? (
            <DefaultButton text={t('Use the newsletter cover')} onClick={() => set('banner', newsletterImage)} />
          ) : null}
          {/* Without a banner, the newsletter's title heads the e-mail. */}
          {value.banner ? <DefaultButton text={t('Remove banner')} onClick={() => set('banner', '')} /> : null}
        </Stack>
      </Section>

      <Section title={t('Page')}>
        <Dropdown
          label={t('Font')}
          options={fontOptions}
          selectedKey={value.fontFamily}
          onChange={(_event, option) => option && set('fontFamily', String(option.key))}
          errorMessage={tMaybe(errors.fontFamily)}
          styles={{ root: { maxWidth: 360 } }}
        />
        {colorPair('emailBackgroundColor', t('Email background color'))}
      </Section>

      <Section title={t('Cards')}>
        {colorPair('cardBackgroundColor', t('Card background color'))}
        {colorPair('cardTextColor', t('Card text color'))}
        {colorPair('borderColor', t('Border color'))}
        <Dropdown
          label={t('Border width')}
          options={borderWidthOptions.map((option) => ({ ...option, text: t(option.text) }))}
          selectedKey={value.borderWidth}
          onChange={(_event, option) => option && set('borderWidth', option.key as EmailDesign['borderWidth'])}
          styles={{ root: { maxWidth: 200 } }}
        />
        {toggle('roundedBorders', t('Rounded borders'))}
        {toggle('showReadingTime', t('Show reading time'))}
        {toggle('showChannelNames', t('Show channel names'))}
        {toggle('channelTitleCentered', t('Center channel titles'))}
        {toggle('showReferralCampaign', t('Show referral campaign'))}
      </Section>

      <Section title={t('Links')}>
        {colorPair('linkColor', t('Link color'))}
        <ChoiceGroup
          label={t('Link styling')}
          options={linkStylingOptions.map((option) => ({ ...option, text: t(option.text) }))}
          selectedKey={value.linkStyling}
          onChange={(_event, option) => option && set('linkStyling', option.key as EmailDesign['linkStyling'])}
          styles={{ flexContainer: { display: 'flex', gap: 24 } }}
        />
        {colorPair('linkStylingColor', t('Link styling color'))}
      </Section>

      <Section title={t('Footer')}>
        {colorPair('footerBackgroundColor', t('Footer background color'))}
        {colorPair('footerTextColor', t('Footer text color'))}
        {colorPair('footerLinkColor', t('Footer link color'))}
      </Section>
    </Stack>
  );
}
