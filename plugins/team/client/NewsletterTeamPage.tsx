/** /newsletters/show/:newsletterId/settings/team: the newsletter's editors and authors. */
import { useParams } from 'wouter';
import { TeamView } from './TeamView';

export default function NewsletterTeamPage() {
  const { newsletterId = '' } = useParams<{ newsletterId: string }>();
  return <TeamView key={newsletterId} type="newsletter" scopeId={newsletterId} />;
}
