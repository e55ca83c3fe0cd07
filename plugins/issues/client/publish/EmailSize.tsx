/**
 * How big the issue's e-mail is, with a warning past the size at which Gmail cuts a message off
 * (constants.issues.emailClipBytes): readers then have to click through to see the rest, and the
 * open pixel at the end is never loaded. The preview and the publish page both show it.
 */
import { MessageBar, MessageBarType, Text } from '@fluentui/react';
import { formatNumber } from '../../../../core/client/format';
import { t } from '../../../../core/client/words';
import { constants } from '../../../../core/shared/config';

/** A size in kilobytes, written in the console's language. */
const kilobytes = (bytes: number) => formatNumber(Math.round(bytes / 1000));

/** The warning past Gmail's limit, in the console's language. */
export const clipWarning = () =>
  t('Gmail clips e-mails over {size} KB: readers see only the start of the issue and a link to the rest. Shorten the intro or move stories out of the issue.', {
    size: kilobytes(constants.issues.emailClipBytes),
  });

export function EmailSize({ bytes, clipped }: { bytes: number; clipped: boolean }) {
  const over = clipped || bytes > constants.issues.emailClipBytes;
  return (
    <>
      <Text data-testid="email-size">{t('E-mail size: {size} KB', { size: kilobytes(bytes) })}</Text>
      {over ? <MessageBar messageBarType={MessageBarType.warning}>{clipWarning()}</MessageBar> : null}
    </>
  );
}
