/** Where an issue's pages are, and what an issue is called on them: one place for the lists, the panels, the editor and the top bar. */
import type { Issue } from '../../../schemas/generated/entities/issue';

export const issueEditorPath = (issueId: string, page?: 'edit' | 'credentials' | 'publish') => `/issues/edit/${issueId}${page ? `/${page}` : ''}`;
export const newIssuePath = (newsletterId: string) => `/issues/create/${newsletterId}`;

/** An issue is named by its subject, or by its code name until it has one. */
export const issueName = (issue: Pick<Issue, 'subject' | 'key'>) => issue.subject.trim() || issue.key;
