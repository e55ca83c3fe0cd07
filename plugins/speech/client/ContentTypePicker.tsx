/**
 * The content type picker of the audio pickers (spec 002 section 2.1): what to make audio of, an
 * article, a bullet or an issue, as rows with an icon, a title and a description. The row of the
 * picker on screen is the chosen one; choosing another opens its picker (bullets with ?type=bullet).
 * Issue audio is offered to those who may make it.
 */
import { FontIcon, mergeStyleSets, Text } from '@fluentui/react';
import { useLocation } from 'wouter';
import { cardClasses } from '../../../core/client/cards';
import { useCan } from '../../../core/client/permissions';
import { selectableProps } from '../../../core/client/selectable';
import { theme } from '../../../core/client/theme';
import { pickerPath, type SpeechContentType } from './speech-api';
import { t } from '../../../core/client/words';

/** Titles and descriptions are shown through t. */
export const contentTypes: { type: SpeechContentType; icon: string; title: string; description: string }[] = [
  { type: 'article', icon: 'Articles', title: 'Article', description: 'A story with a title and a body; its audio can be attached to the story.' },
  { type: 'bullet', icon: 'BulletedList', title: 'Bullet', description: 'A short news item of an issue, read from its text.' },
  { type: 'issue', icon: 'Mail', title: 'Issue', description: 'A whole issue: its intro and the stories of its first two channels.' },
];

const classes = mergeStyleSets({
  list: { display: 'flex', flexDirection: 'column', gap: 8 },
  row: {
    display: 'flex',
    alignItems: 'center',
    gap: 12,
    padding: '10px 12px',
    border: '2px solid transparent',
    outline: 'none',
    selectors: {
      ':hover': { borderColor: theme.palette.neutralTertiaryAlt },
      ':focus-visible': { boxShadow: `0 0 0 2px ${theme.palette.neutralPrimary}` },
    },
  },
  icon: { fontSize: 20, color: theme.semanticColors.softText, flex: 'none' },
  text: { minWidth: 0, display: 'flex', flexDirection: 'column', gap: 2 },
  title: { fontWeight: 600 },
  description: { color: theme.semanticColors.strongSubtext, overflowWrap: 'anywhere' },
});

export function ContentTypePicker({ newsletterId, current }: { newsletterId: string; current: SpeechContentType }) {
  const [, navigate] = useLocation();
  const can = useCan();
  const offered = contentTypes.filter(({ type }) => type !== 'issue' || can('speech.publish'));

  return (
    <div role="listbox" aria-label={t('Content type')} className={classes.list}>
      {offered.map(({ type, icon, title, description }) => {
        const selection = { selected: type === current, onSelect: () => type !== current && navigate(pickerPath(newsletterId, type)) };
        return (
          <div
            key={type}
            aria-label={t(title)}
            aria-describedby={`content-type-${type}`}
            className={`${cardClasses(classes.row, selection)} mh-touch-target`}
            {...selectableProps(selection)}
          >
            <FontIcon iconName={icon} className={classes.icon} aria-hidden />
            <span className={classes.text}>
              <span className={classes.title}>{t(title)}</span>
              <Text id={`content-type-${type}`} variant="small" className={classes.description}>
                {t(description)}
              </Text>
            </span>
          </div>
        );
      })}
    </div>
  );
}
