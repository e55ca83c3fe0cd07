/** The beta banner: invites feedback, bug reports and feature requests (through the plugins that offer them). */
import { Link, MessageBar, MessageBarType } from '@fluentui/react';
import { useAtomValue, useSetAtom } from 'jotai';
import { Fragment } from 'react';
import { registry } from '../registry';
import { featuresAtom } from '../stores';
import { theme } from '../theme';
import { t } from '../words';
import { openDialogAtom } from './dialogs';

export function BetaBanner() {
  const features = useAtomValue(featuresAtom);
  const openDialog = useSetAtom(openDialogAtom);
  if (!features?.betaBanner) return null;
  const actions = registry.profileActions.filter((action) => action.inBetaBanner);
  return (
    <MessageBar messageBarType={MessageBarType.warning} styles={{ root: { background: theme.palette.themeLighter } }} data-testid="beta-banner">
      <b>{t('Masthead is in beta.')}</b> {actions.length > 0 ? `${t('Help us make it better:')} ` : t('Help us make it better.')}
      {actions.map((action, index) => (
        <Fragment key={action.id}>
          {index > 0 ? ' · ' : null}
          <Link onClick={() => openDialog(action.id)}>{t(action.label)}</Link>
        </Fragment>
      ))}
    </MessageBar>
  );
}
