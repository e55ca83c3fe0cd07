/**
 * /admin/feedback (admins): everything users sent, newest first: date, type, product, title with
 * the description, e-mail, and the status, changed in place.
 */
import { DetailsList, DetailsListLayoutMode, Dropdown, SelectionMode, Stack, Text, type IColumn, type IDropdownOption } from '@fluentui/react';
import { useState } from 'react';
import type { Feedback } from '../../../schemas/generated/entities/feedback';
import { call } from '../../../core/client/api';
import { handleError } from '../../../core/client/errors';
import { LoadMore, removeFromList, replaceInList, useInfiniteList } from '../../../core/client/infinite-list';
import { EmptyState, PageHeader } from '../../../core/client/page-parts';
import { theme } from '../../../core/client/theme';
import { toast } from '../../../core/client/toasts';
import { constants } from '../../../core/shared/config';
import { feedbackEndpoints } from '../endpoints';
import { feedbackStatuses, feedbackTypes, statusLabel, typeLabel } from './labels';
import { formatDate } from '../../../core/client/format-dates';
import { t } from '../../../core/client/words';

const all = 'all';

export default function FeedbackListPage() {
  const [type, setType] = useState<string>(all);
  const [status, setStatus] = useState<string>(all);
  // In the console's language, made while drawing.
  const typeOptions: IDropdownOption[] = [{ key: all, text: t('All types') }, ...feedbackTypes.map((key) => ({ key, text: typeLabel(key) }))];
  const statusChoices = feedbackStatuses.map((key) => ({ key, text: statusLabel(key) }));
  const statusOptions: IDropdownOption[] = [{ key: all, text: t('All statuses') }, ...statusChoices];
  const filters = [
    { key: 'type', label: t('Type'), options: typeOptions, value: type, set: setType },
    { key: 'status', label: t('Status'), options: statusOptions, value: status, set: setStatus },
  ];
  const list = useInfiniteList<Feedback>(
    feedbackEndpoints.list,
    { type: type === all ? undefined : type, status: status === all ? undefined : status },
    constants.pageSizes.feedback,
  );

  const changeStatus = async (feedback: Feedback, next: Feedback['status']) => {
    try {
      const { data, msg } = await call(feedbackEndpoints.save, { params: { id: feedback._id }, body: { status: next } });
      // Under a status filter, a record that no longer matches leaves the list.
      if (status !== all && data.status !== status) removeFromList(list, data);
      else replaceInList(list, data);
      toast('success', 'Success!', msg);
    } catch (error) {
      await handleError(error);
    }
  };

  const columns: IColumn[] = [
    {
      key: 'date',
      name: t('Date'),
      minWidth: 90,
      maxWidth: 100,
      onRender: (item: Feedback) => formatDate(new Date(item.createdAt), constants.dates.list),
    },
    { key: 'type', name: t('Type'), minWidth: 70, maxWidth: 80, onRender: (item: Feedback) => typeLabel(item.type) },
    // The product is stored by its English name (constants.feedbackProducts) and shown in the console's words.
    { key: 'product', name: t('Product'), minWidth: 80, maxWidth: 100, onRender: (item: Feedback) => t(item.product) },
    {
      key: 'title',
      name: t('Title'),
      minWidth: 240,
      isMultiline: true,
      onRender: (item: Feedback) => (
        <Stack tokens={{ childrenGap: 2 }}>
          <Text styles={{ root: { fontWeight: 600 } }}>{item.title}</Text>
          <Text variant="small" styles={{ root: { color: theme.palette.neutralSecondary, whiteSpace: 'pre-wrap' } }}>
            {item.description}
          </Text>
        </Stack>
      ),
    },
    { key: 'email', name: t('E-mail'), fieldName: 'email', minWidth: 180, maxWidth: 220 },
    {
      key: 'status',
      name: t('Status'),
      minWidth: 110,
      maxWidth: 120,
      onRender: (item: Feedback) => (
        <Dropdown
          ariaLabel={t('Status of {title}', { title: item.title })}
          options={statusChoices}
          selectedKey={item.status}
          onChange={(_event, option) => option && void changeStatus(item, option.key as Feedback['status'])}
        />
      ),
    },
  ];

  return (
    <Stack tokens={{ childrenGap: 24 }}>
      <PageHeader title={t('Feedback')}>
        {filters.map(({ key, label, options, value, set }) => (
          <Dropdown
            key={key}
            ariaLabel={label}
            options={options}
            selectedKey={value}
            onChange={(_event, option) => set(String(option?.key ?? all))}
            styles={{ root: { width: 160 } }}
          />
        ))}
      </PageHeader>
      {!list.loading && list.items.length === 0 ? (
        <EmptyState title={t('No feedback yet.')} text={type !== all || status !== all ? t('Nothing matches these filters.') : undefined} />
      ) : (
        <div style={{ background: theme.palette.white, borderRadius: 8, padding: '8px 16px' }}>
          <DetailsList
            items={list.items}
            columns={columns}
            selectionMode={SelectionMode.none}
            layoutMode={DetailsListLayoutMode.justified}
            getKey={(item: Feedback) => item._id}
            ariaLabelForGrid={t('Feedback')}
          />
          <LoadMore list={list} />
        </div>
      )}
    </Stack>
  );
}
