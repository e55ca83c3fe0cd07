/**
 * The issue preview (spec 001 section 2): the e-mail as subscribers get it, built by the server
 * (POST /issues/build/{id}), in a 660 px frame, or a phone's 375 px (where most readers open it),
 * with a light/dark toggle and its size. Building is
 * refused while the issue is being sent (the server's text goes to the shared handler). Closing
 * the preview of an unpublished issue lets the server forget the build.
 */
import { ChoiceGroup, Dialog, DialogType, Spinner, Stack, Toggle, type IChoiceGroupOption } from '@fluentui/react';
import { useEffect, useRef, useState } from 'react';
import { handleError } from '../../../../core/client/errors';
import { theme } from '../../../../core/client/theme';
import { t } from '../../../../core/client/words';
import { constants } from '../../../../core/shared/config';
import type { Issue } from '../issue-api';
import { issueName } from '../issue-paths';
import { EmailSize } from './EmailSize';
import { publishApi, type BuiltIssue } from './publish-api';

type PreviewWidth = 'desktop' | 'phone';
/** In English: shown through `t`. */
const widthOptions: IChoiceGroupOption[] = [
  { key: 'desktop', text: 'Desktop' },
  { key: 'phone', text: 'Phone' },
];
const frameWidths: Record<PreviewWidth, number> = { desktop: constants.issues.previewWidth, phone: constants.issues.previewPhoneWidth };

/** The frame's name: what it shows, in the console's language. */
const frameTitle = (width: PreviewWidth, dark: boolean) => {
  if (width === 'phone') return dark ? t('Issue preview (phone, dark)') : t('Issue preview (phone)');
  return dark ? t('Issue preview (dark)') : t('Issue preview');
};

export function PreviewDialog({ issue, onDismiss }: { issue: Issue; onDismiss(): void }) {
  const [built, setBuilt] = useState<BuiltIssue | null>(null);
  const [dark, setDark] = useState(false);
  const [shownWidth, setShownWidth] = useState<PreviewWidth>('desktop');
  const building = useRef<Promise<unknown>>(Promise.resolve());
  const dismissRef = useRef(onDismiss);
  dismissRef.current = onDismiss;

  useEffect(() => {
    let open = true;
    const build = publishApi.build(issue._id).then(
      (answer) => open && setBuilt(answer),
      async (error: unknown) => {
        await handleError(error);
        if (open) dismissRef.current();
      },
    );
    building.current = build;
    return () => {
      open = false;
    };
  }, [issue._id]);

  const close = () => {
    // After the build has answered, so a late build does not outlive its cleanup.
    if (!issue.status.published) void building.current.then(() => publishApi.dropBuild(issue._id)).catch(() => undefined);
    onDismiss();
  };

  const width = constants.issues.previewWidth;
  return (
    <Dialog
      hidden={false}
      onDismiss={close}
      dialogContentProps={{ type: DialogType.normal, title: issueName(issue), showCloseButton: true, closeButtonAriaLabel: t('Close the preview') }}
      minWidth={width + 48}
      modalProps={{ isBlocking: false }}
    >
      {built ? (
        <Stack tokens={{ childrenGap: 8 }}>
          <Stack horizontal verticalAlign="center" wrap tokens={{ childrenGap: 24 }}>
            <ChoiceGroup
              label={t('Width')}
              options={widthOptions.map((option) => ({ ...option, text: t(option.text) }))}
              selectedKey={shownWidth}
              onChange={(_event, option) => setShownWidth(option?.key === 'phone' ? 'phone' : 'desktop')}
              styles={{ flexContainer: { display: 'flex', gap: 16 }, label: { paddingTop: 0 } }}
            />
            <Toggle label={t('Dark mode')} inlineLabel checked={dark} onChange={(_event, on) => setDark(Boolean(on))} styles={{ root: { margin: 0 } }} />
          </Stack>
          <iframe
            title={frameTitle(shownWidth, dark)}
            sandbox=""
            srcDoc={dark ? built.darkHtml : built.html}
            style={{
              width: frameWidths[shownWidth],
              height: '65vh',
              alignSelf: 'center',
              border: `1px solid ${theme.palette.neutralLight}`,
              background: dark ? '#121212' : '#fff',
            }}
          />
          <EmailSize bytes={built.bytes} clipped={built.clipped} />
        </Stack>
      ) : (
        <Spinner label={t('Building the preview...')} styles={{ root: { width, padding: 48 } }} />
      )}
    </Dialog>
  );
}
