/**
 * The Publisher Agreement and the Publisher Policy a newsletter's creator accepts at stage -1,
 * shown in a side panel from the links beside the two boxes (no page elsewhere to go to). The texts
 * are the English keys, shown through `t`.
 */
import { Panel, PanelType, Stack, Text } from '@fluentui/react';
import { theme } from '../../../../core/client/theme';
import { t } from '../../../../core/client/words';

export type TermsKey = 'agreement' | 'policy';

interface TermsDocument {
  title: string;
  /** The box's label and the link's text: whole sentences, as other languages word them differently. */
  accept: string;
  read: string;
  sections: { heading: string; text: string }[];
}

export const publisherTerms: Record<TermsKey, TermsDocument> = {
  agreement: {
    title: 'Publisher Agreement',
    accept: 'I have read and accept the Publisher Agreement.',
    read: 'Read the Publisher Agreement',
    sections: [
      {
        heading: 'Your newsletter, your content',
        text: 'You own what you publish through Masthead: your newsletters, issues, stories, images and recordings. You give us the right to store, format, send and show them as far as it takes to run your newsletter for you and your readers, and no further.',
      },
      {
        heading: 'Your responsibility',
        text: 'You are responsible for what you publish and for the people you give access to your publisher. Your content must be lawful and must not infringe the rights of others, and you hold the rights to the texts, images and audio you use.',
      },
      {
        heading: 'Your readers',
        text: 'Your subscribers are your readers. You send only to people who asked to receive your newsletter, and you may take your subscriber list with you when you leave.',
      },
      {
        heading: 'Suspension',
        text: 'We may suspend a newsletter that breaks this agreement or the Publisher Policy, or that puts our readers, our sending reputation or other publishers at risk. Where we can, we tell you first and give you the chance to put it right.',
      },
      {
        heading: 'Changes',
        text: 'We may update this agreement. When a change matters to you, we tell you before it takes effect; continuing to publish afterwards means you accept it.',
      },
    ],
  },
  policy: {
    title: 'Publisher Policy',
    accept: 'I have read and accept the Publisher Policy.',
    read: 'Read the Publisher Policy',
    sections: [
      {
        heading: 'Consent',
        text: 'Add only people who have agreed to receive your newsletter. Do not import bought, rented or scraped lists. New subscribers confirm their address before they receive anything but the confirmation.',
      },
      {
        heading: 'No spam',
        text: 'Do not send unsolicited or misleading mail: the sender, the subject and the content must say honestly who you are and what the issue is about. Links must go where they say they go.',
      },
      {
        heading: 'Unsubscribes',
        text: 'Every issue carries an unsubscribe link, and a reader who unsubscribes receives nothing more from that newsletter. Do not add them back without their new consent.',
      },
      {
        heading: "Readers' privacy",
        text: "Use readers' addresses and reading figures only to run your newsletter. Do not sell or share them, and delete a reader's data when they ask you to. We keep statistics in aggregate and do not keep raw addresses in them.",
      },
      {
        heading: 'Content we do not carry',
        text: 'No malware or phishing, no content that harasses or incites violence or hatred, and nothing illegal. Newsletters that break this policy may be suspended.',
      },
    ],
  },
};

export function TermsPanel({ which, onDismiss }: { which: TermsKey; onDismiss(): void }) {
  const terms = publisherTerms[which];
  return (
    <Panel isOpen type={PanelType.medium} headerText={t(terms.title)} onDismiss={onDismiss} closeButtonAriaLabel={t('Close')} isLightDismiss>
      <Stack tokens={{ childrenGap: 16 }} styles={{ root: { paddingTop: 8 } }}>
        {terms.sections.map((section) => (
          <Stack key={section.heading} tokens={{ childrenGap: 4 }}>
            <Text as="h3" variant="mediumPlus" styles={{ root: { fontWeight: 600, margin: 0 } }}>
              {t(section.heading)}
            </Text>
            <Text as="p" styles={{ root: { margin: 0, color: theme.semanticColors.softText, lineHeight: '1.5' } }}>
              {t(section.text)}
            </Text>
          </Stack>
        ))}
      </Stack>
    </Panel>
  );
}
