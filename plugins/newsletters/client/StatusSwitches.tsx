/**
 * The admins' Published and Featured switches, provided for `newsletterStatusRef` (public.ts),
 * which Newsletter Credentials' STATUS card shows: each change is saved at once through the
 * newsletters' calls (PUT to switch on, DELETE to switch off); a refusal puts the switch back.
 */
import { Stack, Toggle } from '@fluentui/react';
import { useState } from 'react';
import { call } from '../../../core/client/api';
import { handleError } from '../../../core/client/errors';
import { toast } from '../../../core/client/toasts';
import { t } from '../../../core/client/words';
import { newsletterEndpoints } from '../endpoints';
import type { NewsletterStatusProps } from './public';

/** Each switch's calls: PUT switches it on, DELETE off. */
const switchCalls = {
  publish: { on: newsletterEndpoints.publish, off: newsletterEndpoints.unpublish },
  feature: { on: newsletterEndpoints.feature, off: newsletterEndpoints.unfeature },
};

export default function StatusSwitches({ newsletterId, published: initialPublished, featured: initialFeatured }: NewsletterStatusProps) {
  const [state, setState] = useState({ publish: initialPublished, feature: initialFeatured });
  const [busy, setBusy] = useState(false);
  const change = async (action: 'publish' | 'feature', on: boolean) => {
    setBusy(true);
    setState((current) => ({ ...current, [action]: on }));
    try {
      const { msg } = await call(switchCalls[action][on ? 'on' : 'off'], { params: { id: newsletterId } });
      toast('success', 'Success!', msg);
    } catch (error) {
      setState((current) => ({ ...current, [action]: !on }));
      await handleError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack horizontal tokens={{ childrenGap: 32 }}>
      <Toggle label={t('Published')} inlineLabel checked={state.publish} disabled={busy} onChange={(_, on) => void change('publish', Boolean(on))} />
      <Toggle label={t('Featured')} inlineLabel checked={state.feature} disabled={busy} onChange={(_, on) => void change('feature', Boolean(on))} />
    </Stack>
  );
}
