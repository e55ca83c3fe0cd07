/** /publishers/show/:publisherId/settings/team: the publisher's directors. */
import { useParams } from 'wouter';
import { TeamView } from './TeamView';

export default function PublisherTeamPage() {
  const { publisherId = '' } = useParams<{ publisherId: string }>();
  return <TeamView key={publisherId} type="publisher" scopeId={publisherId} />;
}
