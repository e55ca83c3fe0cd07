/**
 * /stories/create/ (spec 001 section 2, Story creation): the 'New Story' screen. The writer picks
 * bullet or article on two selectable cards and Create opens the editor on
 * /stories/create/{newsletterId}/{type}. A story belongs to a newsletter: in a newsletter's scope
 * it is that one; in a publisher's scope the writer also picks one of its newsletters here.
 */
import { Dropdown, FontIcon, MessageBar, MessageBarType, mergeStyleSets, PrimaryButton, Stack, Text } from '@fluentui/react';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { PageHeader } from '../../../core/client/page-parts';
import { selectableProps } from '../../../core/client/selectable';
import { currentScopeAtom, scopesAtom } from '../../../core/client/stores';
import { theme } from '../../../core/client/theme';
import type { Story } from './story-api';
import { t } from '../../../core/client/words';

/** The two story types, in English: shown through `t`. */
const storyTypes: { type: Story['type']; title: string; icon: string; text: string }[] = [
  {
    type: 'bullet',
    title: 'Bullet',
    icon: 'BulletedList',
    text: 'A short news item: a few lines of text that go into an issue, with no title or image of its own.',
  },
  {
    type: 'article',
    title: 'Article',
    icon: 'Articles',
    text: 'A full story with a title, subtitle, cover image and body. It can be published on its own page.',
  },
];

const classes = mergeStyleSets({
  cards: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 320px))', gap: 20 },
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: 8,
    padding: 20,
    background: theme.palette.white,
    border: `2px solid ${theme.palette.neutralLight}`,
    borderRadius: 8,
    cursor: 'pointer',
    outline: 'none',
    selectors: {
      ':hover': { borderColor: theme.palette.neutralTertiaryAlt },
      ':focus-visible': { boxShadow: `0 0 0 2px ${theme.palette.neutralPrimary}` },
    },
  },
  selected: {
    borderColor: theme.palette.themePrimary,
    boxShadow: `0 0 0 1px ${theme.palette.themePrimary}, 0 6px 16px rgba(0,0,0,.12)`,
    selectors: { ':hover': { borderColor: theme.palette.themePrimary } },
  },
  icon: { fontSize: 28, color: theme.palette.neutralPrimary },
});

export default function NewStoryPage() {
  const scope = useAtomValue(currentScopeAtom);
  const scopes = useAtomValue(scopesAtom);
  const [, navigate] = useLocation();
  const [chosen, setChosen] = useState<Story['type'] | null>(null);
  const inNewsletter = scope?.type === 'newsletter';
  const newsletters = inNewsletter ? [] : scopes.filter((item) => item.type === 'newsletter' && item.publisher === scope?._id);
  const [newsletter, setNewsletter] = useState<string | null>(inNewsletter ? scope._id : newsletters.length === 1 ? newsletters[0]!._id : null);

  if (!inNewsletter && newsletters.length === 0) {
    return (
      <Stack tokens={{ childrenGap: 24 }}>
        <PageHeader title={t('New Story')} />
        <MessageBar messageBarType={MessageBarType.warning} isMultiline>
          {t('A story is written for a newsletter. Choose a newsletter with the scope switcher at the top of the sidebar, then create your story.')}
        </MessageBar>
      </Stack>
    );
  }

  const create = () => {
    if (chosen && newsletter) navigate(`/stories/create/${newsletter}/${chosen}`);
  };

  return (
    <Stack tokens={{ childrenGap: 24 }}>
      <PageHeader title={t('New Story')} />
      {inNewsletter ? null : (
        <Dropdown
          label={t('Newsletter')}
          placeholder={t('Choose the newsletter of the story')}
          options={newsletters.map((item) => ({ key: item._id, text: item.title }))}
          selectedKey={newsletter}
          onChange={(_event, option) => setNewsletter(option ? String(option.key) : null)}
          styles={{ root: { maxWidth: 320 } }}
        />
      )}
      <Text id="story-type-prompt" variant="large">
        {t('Please choose a story type below.')}
      </Text>
      <div role="listbox" aria-labelledby="story-type-prompt" className={classes.cards}>
        {storyTypes.map(({ type, title, icon, text }) => (
          <div
            key={type}
            aria-label={t(title)}
            className={`${classes.card} ${chosen === type ? classes.selected : ''}`}
            aria-describedby={`story-type-${type}`}
            {...selectableProps({ selected: chosen === type, onSelect: () => setChosen(type) })}
          >
            <FontIcon iconName={icon} className={classes.icon} aria-hidden />
            <Text variant="xLarge" styles={{ root: { fontWeight: 600 } }}>
              {t(title)}
            </Text>
            <Text id={`story-type-${type}`} styles={{ root: { color: theme.semanticColors.strongSubtext } }}>
              {t(text)}
            </Text>
          </div>
        ))}
      </div>
      <Stack horizontal>
        <PrimaryButton text={t('Create')} iconProps={{ iconName: 'Add' }} disabled={!chosen || !newsletter} onClick={create} />
      </Stack>
    </Stack>
  );
}
