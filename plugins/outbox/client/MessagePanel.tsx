/**
 * One captured e-mail in a side panel: its headers (From, To, Date, Subject and the extra ones it
 * carried, such as List-Unsubscribe), then its HTML or its text. The HTML is shown in a frame
 * with `sandbox=""`: no script in a message runs and no link in it navigates the console.
 */
import { Panel, PanelType, Pivot, PivotItem, Spinner, SpinnerSize, Stack, Text, mergeStyleSets } from '@fluentui/react';
import { Fragment, useEffect, useRef, useState } from 'react';
import { handleError } from '../../../core/client/errors';
import { theme } from '../../../core/client/theme';
import { t } from '../../../core/client/words';
import { constants } from '../../../core/shared/config';
import type { OutboxMessage } from '../messages';
import { fullDate } from './format';
import { outboxApi } from './outbox-api';

const width = constants.issues.previewWidth;

const classes = mergeStyleSets({
  headers: { display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '6px 16px', margin: 0 },
  name: { color: theme.palette.neutralSecondary, fontWeight: 600 },
  value: { margin: 0, overflowWrap: 'anywhere' },
  frame: { width, height: '70vh', border: `1px solid ${theme.palette.neutralLight}`, background: '#fff' },
  text: {
    width,
    boxSizing: 'border-box',
    margin: 0,
    padding: 16,
    whiteSpace: 'pre-wrap',
    overflowWrap: 'anywhere',
    fontFamily: 'inherit',
    background: theme.palette.neutralLighterAlt,
  },
});

type Part = 'html' | 'text';

export function MessagePanel({ id, onDismiss }: { id: string; onDismiss(): void }) {
  const [message, setMessage] = useState<OutboxMessage | null>(null);
  const [part, setPart] = useState<Part>('html');
  const dismissRef = useRef(onDismiss);
  dismissRef.current = onDismiss;

  useEffect(() => {
    let open = true;
    setMessage(null);
    outboxApi.message(id).then(
      (answer) => open && setMessage(answer),
      async (error: unknown) => {
        // Gone (the outbox keeps only the newest): the handler says so and the panel closes.
        await handleError(error);
        if (open) dismissRef.current();
      },
    );
    return () => {
      open = false;
    };
  }, [id]);

  const shown: Part = message?.html ? part : 'text';
  return (
    <Panel
      isOpen
      isLightDismiss
      type={PanelType.custom}
      customWidth={`${width + 80}px`}
      headerText={message?.subject ?? t('E-mail')}
      closeButtonAriaLabel={t('Close')}
      onDismiss={onDismiss}
    >
      {message ? (
        <Stack tokens={{ childrenGap: 16 }} styles={{ root: { paddingTop: 8 } }}>
          <dl className={classes.headers} aria-label={t('Headers')}>
            {headerRows(message).map(([name, value]) => (
              <Fragment key={name}>
                <dt className={classes.name}>{name}</dt>
                <dd className={classes.value}>{value}</dd>
              </Fragment>
            ))}
          </dl>
          <Pivot
            aria-label={t('Show the message as')}
            headersOnly
            selectedKey={shown}
            onLinkClick={(item) => setPart(item?.props.itemKey === 'text' ? 'text' : 'html')}
          >
            {message.html ? <PivotItem headerText="HTML" itemKey="html" /> : null}
            <PivotItem headerText={t('Text')} itemKey="text" />
          </Pivot>
          {shown === 'html' ? (
            <iframe title={t('E-mail: {subject}', { subject: message.subject })} sandbox="" srcDoc={message.html ?? ''} className={classes.frame} />
          ) : (
            <pre className={classes.text}>
              {message.text || <Text styles={{ root: { color: theme.palette.neutralSecondary } }}>{t('This e-mail has no text.')}</Text>}
            </pre>
          )}
        </Stack>
      ) : (
        <Spinner size={SpinnerSize.large} label={t('Loading...')} styles={{ root: { padding: 48 } }} />
      )}
    </Panel>
  );
}

/**
 * The headers as a reader of the e-mail would see them, their names in the console's language, then
 * the extra ones in the order they were set (as the message carries them: List-Unsubscribe).
 */
function headerRows(message: OutboxMessage): [string, string][] {
  return [
    [t('From'), message.from],
    [t('To'), message.to],
    [t('Date'), fullDate(message.date)],
    [t('Subject'), message.subject],
    ...Object.entries(message.headers),
  ];
}
