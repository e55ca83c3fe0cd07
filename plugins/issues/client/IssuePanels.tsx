export function DraftIssuesPanel() {
  return null;
}
export function PublishedIssuesPanel() {
  return null;
}
