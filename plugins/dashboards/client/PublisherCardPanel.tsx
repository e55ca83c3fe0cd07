/** The publisher home's card: the publisher, its website and e-mail, linking to its public page /p/{key}. */
import { Link, Spinner, Text } from '@fluentui/react';
import { call } from '../../../core/client/api';
import { usePanelData } from '../../../core/client/panel-list';
import type { Scope } from '../../../schemas/generated/entities/scope';
import { dashboardEndpoints } from '../endpoints';
import { ScopeCard } from './Card';

export default function PublisherCardPanel({ scope }: { scope: Scope }) {
  const publisher = usePanelData(scope._id, () => call(dashboardEndpoints.publisher, { params: { id: scope._id } }));
  if (!publisher) return <Spinner />;
  return (
    <ScopeCard image={publisher.image} title={publisher.title} text={publisher.description} publicPath={`/p/${publisher.key}`}>
      {publisher.website ? (
        <Link href={publisher.website} target="_blank" rel="noopener noreferrer">
          {publisher.website}
        </Link>
      ) : null}
      {publisher.email ? <Text>{publisher.email}</Text> : null}
    </ScopeCard>
  );
}
