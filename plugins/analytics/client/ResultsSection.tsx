/**
 * The results at the top of an issue's or a story's analytics (issue 30). An issue's come with it
 * (the issue call with updateStats); a story's are those of the issue it went out in, asked once
 * the story is known, as its opens are that issue's. Skeletons while they load; nothing for a story
 * that went out in no issue, or when the issue cannot be read (its charts still show). An issue
 * with a subject test shows each subject line's figures under its results, the winner and why.
 */
import { useEffect, useState } from 'react';
import type { Issue } from '../../../schemas/generated/entities/issue';
import type { Story } from '../../../schemas/generated/entities/story';
import { IssueSubjectTest, repeatsOf, ResultsPanel, type Repeats } from '../../issues/client/public';
import { t } from '../../../core/client/words';
import { issueWithStats } from './analytics-api';

type Results = NonNullable<Issue['results']>;
type Answered = { results: Results; repeats?: Repeats };

/** An issue's results and, from its stats, the repeats of its opens and clicks. */
const answeredOf = (issue: Issue): Answered | null => (issue.results ? { results: issue.results, repeats: issue.stats && repeatsOf(issue.stats) } : null);

function useIssueResults(issueId: string | null | undefined): Answered | undefined | null {
  const [results, setResults] = useState<Answered | undefined | null>(undefined);
  useEffect(() => {
    if (!issueId) return;
    let current = true;
    issueWithStats(issueId).then(
      (issue) => current && setResults(answeredOf(issue)),
      () => current && setResults(null),
    );
    return () => {
      current = false;
    };
  }, [issueId]);
  return results;
}

export function ResultsSection({ type, content }: { type: 'issue' | 'story'; content: Issue | Story | null }) {
  const storyIssue = type === 'story' && content ? ((content as Story).issue ?? null) : undefined;
  const ofStory = useIssueResults(storyIssue);
  if (type === 'issue') {
    if (!content) return <ResultsPanel results={undefined} />;
    const answered = answeredOf(content as Issue);
    return answered ? (
      <>
        <ResultsPanel results={answered.results} repeats={answered.repeats} />
        <IssueSubjectTest issue={content as Issue} />
      </>
    ) : null;
  }
  if (storyIssue === null || ofStory === null) return null;
  return <ResultsPanel results={ofStory?.results} repeats={ofStory?.repeats} title={t('Results of the issue it went out in')} />;
}
