/**
 * How big the issue's e-mail is, with a warning past the size at which Gmail cuts a message off
 * (constants.issues.emailClipBytes): readers then have to click through to see the rest, and the
 * open pixel at the end is never loaded. The preview and the publish page both show it.
 */
import { MessageBar, MessageBarType, Text } from '@fluentui/react';
import { constants } from '../../../../core/shared/config';

const kilobytes = (bytes: number) => Math.round(bytes / 1000);

export const clipWarning = `Gmail clips e-mails over ${kilobytes(constants.issues.emailClipBytes)} KB: readers see only the start of the issue and a link to the rest. Shorten the intro or move stories out of the issue.`;

export function EmailSize({ bytes, clipped }: { bytes: number; clipped: boolean }) {
  const over = clipped || bytes > constants.issues.emailClipBytes;
  return (
    <>
      <Text data-testid="email-size">{`E-mail size: ${kilobytes(bytes)} KB`}</Text>
      {over ? <MessageBar messageBarType={MessageBarType.warning}>{clipWarning}</MessageBar> : null}
    </>
  );
}
