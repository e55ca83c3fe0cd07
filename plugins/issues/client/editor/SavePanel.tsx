/**
 * The editor's floating panel (spec 001 section 2): at the top right beside the tabs, staying in
 * view as the page scrolls; on a phone or a tablet (no room beside the tabs) a row under them, so
 * that it never covers what is written. 'Saved {time ago}' with a dot, red while a
 * change waits for the server and green once stored; PREVIEW (disabled while the issue is being
 * sent) shows the issue's e-mail as subscribers get it (publish/PreviewDialog.tsx); GO TO URL
 * opens the public page once published.
 */
import { DefaultButton, mergeStyleSets, PrimaryButton, Stack, Text } from '@fluentui/react';
import { useEffect, useState } from 'react';
import { relativeTime } from '../../../../core/client/format';
import { theme } from '../../../../core/client/theme';
import { t } from '../../../../core/client/words';
import type { Issue } from '../issue-api';
import { PreviewDialog } from '../publish/PreviewDialog';

const classes = mergeStyleSets({
  panel: {
    position: 'sticky',
    top: 12,
    float: 'right',
    marginLeft: 16,
    zIndex: 20,
    background: theme.palette.white,
    borderRadius: 8,
    padding: '10px 16px',
    boxShadow: theme.effects.elevation16,
  },
  // On a phone or a tablet: a row of the page under its tabs, which never lies over what is being written.
  inline: { background: theme.palette.white, borderRadius: 8, padding: '6px 12px', marginBottom: 16, boxShadow: theme.effects.elevation4 },
  dot: { width: 10, height: 10, borderRadius: '50%', flex: 'none' },
});

export function SavePanel({ issue, unsaved, savedAt, failed, inline }: { issue: Issue; unsaved: boolean; savedAt: Date; failed: boolean; inline: boolean }) {
  const [, tick] = useState(0);
  const [previewing, setPreviewing] = useState(false);
  useEffect(() => {
    const timer = setInterval(() => tick((count) => count + 1), 15_000);
    return () => clearInterval(timer);
  }, []);

  const label = failed && unsaved ? t('Not Saved') : unsaved ? t('Saving...') : t('Saved {time}', { time: relativeTime(savedAt) });
  return (
    <div className={inline ? classes.inline : classes.panel} data-testid="save-panel">
      <Stack horizontal wrap={inline} verticalAlign="center" tokens={{ childrenGap: 12 }}>
        <span className={classes.dot} style={{ background: unsaved ? theme.semanticColors.errorIcon : theme.semanticColors.successIcon }} aria-hidden />
        <Text role="status" data-state={unsaved ? 'unsaved' : 'saved'}>
          {label}
        </Text>
        <DefaultButton text={t('PREVIEW')} disabled={issue.status.processing} onClick={() => setPreviewing(true)} />
        {issue.status.published ? (
          <PrimaryButton text={t('GO TO URL')} onClick={() => window.open(`/i/${issue.slug || issue._id}`, '_blank', 'noopener,noreferrer')} />
        ) : null}
      </Stack>
      {previewing ? <PreviewDialog issue={issue} onDismiss={() => setPreviewing(false)} /> : null}
    </div>
  );
}
