/** Where an issue's pages are, and what an issue is called on them: one place for the lists, the panels, the editor and the top bar. */
import type { Issue } from '../../../schemas/generated/entities/issue';

export const issueEditorPath = (issueId: string, page?: 'edit' | 'credentials' | 'publish') => `/issues/edit/${issueId}${page ? `/${page}` : ''}`;
/** A story's card on the issue's Edit tab: the editor scrolls to it and focuses it (the checklist's fix for a draft story). */
export const storyAnchor = (storyId: string) => `story-${storyId}`;
export const issueStoryPath = (issueId: string, storyId: string) => `${issueEditorPath(issueId)}#${storyAnchor(storyId)}`;
export const newIssuePath = (newsletterId: string) => `/issues/create/${newsletterId}`;

/** An issue is named by its subject, or by its code name until it has one. */
export const issueName = (issue: Pick<Issue, 'subject' | 'key'>) => issue.subject.trim() || issue.key;
