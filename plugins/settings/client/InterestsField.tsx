/**
 * The interests: a grid of checkboxes, at most constants.limits.interestsMax checked (the rest
 * become disabled). In a newsletter's settings only an admin may change them; anyone else is told
 * 'Required role Admin, current role: {ROLE}' and the interests stay as they were (spec section 5).
 * The creation wizard lets whoever creates the newsletter pick them (`adminOnly={false}`).
 */
import { Checkbox, Text } from '@fluentui/react';
import { currentLang, formatNumber } from '../../../core/client/format';
import { theme } from '../../../core/client/theme';
import { toast } from '../../../core/client/toasts';
import { constants } from '../../../core/shared/config';
import { requiredRoleMessage, type RoleKey } from '../../../core/shared/permissions';
import type { Interest } from '../../../schemas/generated/entities/interest';
import { t } from '../../../core/client/words';

export interface InterestsFieldProps {
  interests: Interest[];
  value: string[];
  onChange(ids: string[]): void;
  role: RoleKey;
  errorMessage?: string;
  /** Whether only an admin may change the choice (the settings page); the creation wizard lets anyone. Default true. */
  adminOnly?: boolean;
}

/** The interest's title in the console's language, else its first. */
export const interestTitle = (interest: Interest, lang: string = currentLang()) =>
  interest.titles.find((title) => title.lang === lang)?.value ?? interest.titles[0]?.value ?? interest.key;

export function InterestsField({ interests, value, onChange, role, errorMessage, adminOnly = true }: InterestsFieldProps) {
  const max = constants.limits.interestsMax;
  const toggle = (id: string, checked: boolean) => {
    if (adminOnly && role !== 'admin') {
      // The toast says it in the console's language, as it does the server's (core/client/server-text.ts).
      toast('error', 'Error!', requiredRoleMessage('admin', role));
      return;
    }
    onChange(checked ? [...value, id] : value.filter((other) => other !== id));
  };
  return (
    // The card around it carries the title.
    <div role="group" aria-label={t('INTERESTS')}>
      <Text variant="small" block styles={{ root: { color: theme.palette.neutralSecondary, marginBottom: 10 } }}>
        {t('Choose up to {max} interests ({count}/{max}).', { max: formatNumber(max), count: formatNumber(value.length) })}
      </Text>
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))', gap: 10 }}>
        {interests.map((interest) => {
          const checked = value.includes(interest._id);
          return (
            <Checkbox
              key={interest._id}
              label={interestTitle(interest)}
              checked={checked}
              disabled={!checked && value.length >= max}
              onChange={(_, next) => toggle(interest._id, Boolean(next))}
            />
          );
        })}
      </div>
      {errorMessage ? (
        <Text role="alert" variant="small" styles={{ root: { color: theme.semanticColors.errorText } }}>
          {errorMessage}
        </Text>
      ) : null}
    </div>
  );
}
