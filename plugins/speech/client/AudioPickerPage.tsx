/**
 * The audio pickers (spec 002 section 2.1), one page for both addresses:
 * - /stories/audios/select/:newsletterId (?type=bullet or article): 'Create New Bullet Audio' or
 *   'Create New Article Audio'; bullets come by their last change, articles by their publication
 *   date; CONTINUE opens the chosen story's audio screen.
 * - /issues/audios/select/:newsletterId: 'Create New Issue Audio', the newsletter's issues by their
 *   last change; CONTINUE opens the chosen issue's audio screen.
 * Both offer the content type picker, to change what to make audio of.
 */
import { useCallback, useMemo } from 'react';
import { useNewsletterScope } from '../../../core/client/layout/Shell';
import { useParams, useRoute, useSearch } from 'wouter';
import type { Issue } from '../../../schemas/generated/entities/issue';
import { storyName, type Story } from '../../stories/client/public';
import { wholeIssueList } from '../../issues/endpoints';
import { storyEndpoints } from '../../stories/endpoints';
import { ContentPicker, type PickerItem } from './ContentPicker';
import { ContentTypePicker } from './ContentTypePicker';
import { issueAudioPath, storyAudioPath, ttsListPath } from './speech-api';
import { t } from '../../../core/client/words';

function StoryAudioPicker({ newsletterId }: { newsletterId: string }) {
  const type = new URLSearchParams(useSearch()).get('type') === 'bullet' ? 'bullet' : 'article';
  const params = useMemo(() => ({ newsletter: newsletterId, type, sort: type === 'bullet' ? 'updatedAt' : 'publishedAt', desc: true }), [newsletterId, type]);
  const item = useCallback(
    (story: Story): PickerItem => ({
      id: story._id,
      title: storyName(story),
      details: story.type === 'article' ? story.subtitle : undefined,
      date: type === 'bullet' ? story.updatedAt : story.publishedAt,
      icon: story.type === 'article' ? 'Articles' : 'BulletedList',
    }),
    [type],
  );
  return (
    <ContentPicker<Story>
      key={type}
      title={type === 'bullet' ? t('Create New Bullet Audio') : t('Create New Article Audio')}
      types={<ContentTypePicker newsletterId={newsletterId} current={type} />}
      endpoint={storyEndpoints.list}
      params={params}
      item={item}
      next={(id) => storyAudioPath(id)}
      label={type === 'bullet' ? t('Bullet stories') : t('Article stories')}
      emptyText={type === 'bullet' ? t('There are no bullet stories.') : t('There are no article stories.')}
      back={ttsListPath(newsletterId)}
    />
  );
}

const issueItem = (issue: Issue): PickerItem => ({
  id: issue._id,
  title: issue.subject || issue.key,
  details: issue.preview || undefined,
  date: issue.publishedAt ?? issue.updatedAt,
  icon: 'Mail',
});

function IssueAudioPicker({ newsletterId }: { newsletterId: string }) {
  const params = useMemo(() => ({ newsletter: newsletterId, sort: 'updatedAt', desc: true }), [newsletterId]);
  return (
    <ContentPicker<Issue>
      title={t('Create New Issue Audio')}
      types={<ContentTypePicker newsletterId={newsletterId} current="issue" />}
      endpoint={wholeIssueList}
      params={params}
      item={issueItem}
      next={(id) => issueAudioPath(id)}
      label={t('Issues')}
      emptyText={t('There are no issues.')}
      back={ttsListPath(newsletterId)}
    />
  );
}

export default function AudioPickerPage() {
  const { newsletterId } = useParams<{ newsletterId: string }>();
  const [issues] = useRoute('/issues/audios/select/:newsletterId');
  useNewsletterScope(newsletterId);
  return issues ? <IssueAudioPicker newsletterId={newsletterId} /> : <StoryAudioPicker newsletterId={newsletterId} />;
}
