export default function IssuesPage() {
  return null;
}
