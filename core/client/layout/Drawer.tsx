/** The sidebar of a narrow window (layout/narrow.ts): a panel from the left, closed by its button, a click outside or a link followed. */
import { Panel, PanelType } from '@fluentui/react';
import { Sidebar } from './Sidebar';
import { t } from '../words';

export default function Drawer({ onDismiss }: { onDismiss(): void }) {
  return (
    <Panel
      isOpen
      type={PanelType.customNear}
      customWidth="280px"
      isLightDismiss
      onDismiss={onDismiss}
      closeButtonAriaLabel={t('Close menu')}
      headerText={t('Menu')}
      styles={{ content: { padding: 0 }, header: { display: 'none' }, commands: { position: 'absolute', right: 0, zIndex: 1 } }}
    >
      <Sidebar />
    </Panel>
  );
}
