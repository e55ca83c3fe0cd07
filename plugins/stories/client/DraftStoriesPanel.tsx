/**
 * The newsletter dashboard's 'Draft stories': the newsletter's most recently changed drafts
 * (constants.pageSizes.draftStories of them), each opening its editor, and 'See all' for the
 * newsletter's story list.
 */
import { call } from '../../../core/client/api';
import { ListPanel, PanelRow, panelDate, usePanelData } from '../../../core/client/panel-list';
import { constants } from '../../../core/shared/config';
import type { Scope } from '../../../schemas/generated/entities/scope';
import type { Story } from '../../../schemas/generated/entities/story';
import { storyEndpoints } from '../endpoints';
import { storyName } from './story-name';
import { t } from '../../../core/client/words';

/** The story types' names in English: shown through `t`. */
const typeLabels: Record<Story['type'], string> = { bullet: 'Bullet', article: 'Article' };

export default function DraftStoriesPanel({ scope }: { scope: Scope }) {
  const stories = usePanelData(
    scope._id,
    () =>
      call(storyEndpoints.list, {
        query: { newsletter: scope._id, status: 'draft', limit: constants.pageSizes.draftStories, sort: 'updatedAt', desc: true },
      }),
    [],
  );
  return (
    <ListPanel title={t('Draft stories')} href={`/newsletters/show/${scope._id}/stories`} items={stories} emptyText={t('There are no draft stories.')}>
      {(story) => (
        <PanelRow
          key={story._id}
          href={`/stories/edit/${story._id}`}
          icon={story.type === 'article' ? 'Articles' : 'BulletedList'}
          tone="warning"
          name={storyName(story)}
          details={`${t(typeLabels[story.type])} · ${story.writer?.name || t('No writer')} · ${panelDate(story.updatedAt)}`}
        />
      )}
    </ListPanel>
  );
}
