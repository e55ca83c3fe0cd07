/**
 * Stage 6, congratulations: the newsletter is published and its public page (/n/{key}, the full
 * address) is live at once, with a button that copies the address, and what comes next (issue 55:
 * no waiting time is promised, as there is none).
 */
import { DefaultButton, Link, Stack, Text } from '@fluentui/react';
import { theme } from '../../../../core/client/theme';
import { toast } from '../../../../core/client/toasts';
import { t } from '../../../../core/client/words';
import { copiedMessage } from '../../rules';
import { StageIntro } from './stage-parts';

/** The public page of a newsletter, as readers reach it. */
export const landingAddress = (key: string) => `${window.location.origin}/n/${key}`;

export function CongratsStage({ title, newsletterKey }: { title: string; newsletterKey: string }) {
  const address = landingAddress(newsletterKey);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(address);
      toast('success', copiedMessage);
    } catch {
      // The browser refused (no permission, no secure page): the link stays on screen to copy by hand.
      toast('error', 'Error!', 'The link could not be copied. Select it and copy it yourself.');
    }
  };
  return (
    <Stack tokens={{ childrenGap: 16 }}>
      <StageIntro>{t('{title} is published, and its page is live now. Share it with your readers:', { title })}</StageIntro>
      <Stack horizontal wrap verticalAlign="center" tokens={{ childrenGap: 12 }}>
        <Link href={address} target="_blank" rel="noreferrer" styles={{ root: { fontSize: theme.fonts.large.fontSize, wordBreak: 'break-all' } }}>
          {address}
        </Link>
        <DefaultButton text={t('COPY LINK')} iconProps={{ iconName: 'Link' }} onClick={() => void copy()} />
      </Stack>
      <Text styles={{ root: { color: theme.semanticColors.strongSubtext } }}>
        {t('Readers can subscribe there from now on. Next: the look of its e-mails.')}
      </Text>
    </Stack>
  );
}
