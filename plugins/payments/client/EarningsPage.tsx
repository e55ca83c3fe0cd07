/**
 * /publishers/show/{publisherId}/earnings (spec 000 sections 2 and 6, issue 33 point 5): what the
 * publisher's readers pay. The monthly recurring revenue and the paying subscribers now; over the
 * range picked (the analytics pages' ranges), revenue, new and cancelled paid subscriptions per
 * span and revenue by newsletter, each chart with its CSV, and the whole table as one CSV. A
 * publisher paid in several currencies sees one at a time, picked above; one that was never paid
 * sees an empty state instead of empty charts.
 */
import { Dropdown, IconButton, Stack, Text } from '@fluentui/react';
import { useEffect, useMemo, useState } from 'react';
import { useParams } from 'wouter';
import { downloadCsv } from '../../../core/client/csv';
import { handleError } from '../../../core/client/errors';
import { Figure, Figures } from '../../../core/client/figures';
import { formatNumber, useConsoleLang, type ConsoleLang } from '../../../core/client/format';
import { EmptyState, PageHeader } from '../../../core/client/page-parts';
import { t } from '../../../core/client/words';
import {
  ChartPanel,
  customLimits,
  dateRange,
  dayOf,
  intoSpans,
  overTime,
  RangePicker,
  spanOf,
  spanWindow,
  windowOf,
  type ChartData,
  type Queued,
  type Range,
  type SpanWindow,
} from '../../analytics/client/public';
import { csvAmount, currencyCode, fetchEarnings, formatMoney, majorUnits, type CurrencyEarnings, type Earnings } from './earnings-api';
import './earnings.css';

export const neverPaidTitle = 'No earnings yet';
export const neverPaidText =
  "Nothing has been paid yet. Earnings fill in once readers subscribe to a newsletter's monthly or yearly plan (set in the newsletter's Credentials) and pay through Stripe.";

/** The charts' titles, put through `t` where they are shown. */
const titles = { revenue: 'REVENUE', subscriptions: 'NEW AND CANCELLED', newsletters: 'REVENUE BY NEWSLETTER' } as const;

/** Why a chart of the range has nothing to draw (the analytics pages' words for an empty range), in the console's language. */
const noPaymentsText = () => t('No payments in this period yet. Pick a longer range, or come back once readers have had the issues.');

/** The Earnings page opens on the monthly window: recurring revenue reads by the month. */
const firstRange = (): Range => windowOf('monthly', new Date());

export default function EarningsPage() {
  const publisherId = useParams<{ publisherId: string }>().publisherId ?? '';
  const lang = useConsoleLang();
  const [range, setRange] = useState<Range>(firstRange);
  const [refresh, setRefresh] = useState(0);
  const [state, setState] = useState<Queued<Earnings>>({ status: 'waiting' });
  const [picked, setPicked] = useState<string | null>(null);
  const span = spanOf[range.kind];
  const key = [publisherId, range.kind, dayOf(range.start), dayOf(range.end), refresh].join('|');

  useEffect(() => {
    let current = true;
    setState({ status: 'waiting' });
    fetchEarnings({ ...dateRange(range), span }).then(
      (data) => current && setState({ status: 'ready', data }),
      (error: unknown) => {
        if (!current) return;
        setState({ status: 'failed' });
        void handleError(error);
      },
    );
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one call per key: it says everything the call depends on (the range is new each pick)
  }, [key]);

  const data = state.status === 'ready' ? state.data : null;
  const currencies = data?.currencies ?? [];
  const shown = currencies.find((item) => item.currency === picked) ?? currencies[0];
  const limits = customLimits(data?.since ?? undefined, new Date());
  const spans = useMemo(() => spanWindow(range), [range]);

  if (data && currencies.length === 0)
    return (
      <Stack tokens={{ childrenGap: 24 }}>
        <PageHeader title={t('Earnings')} />
        <EmptyState title={t(neverPaidTitle)} text={t(neverPaidText)} />
      </Stack>
    );

  const charts = (draw: (earnings: CurrencyEarnings) => ChartData): Queued<ChartData> =>
    state.status !== 'ready' ? state : shown ? { status: 'ready', data: draw(shown) } : { status: 'failed' };

  return (
    <Stack tokens={{ childrenGap: 24 }}>
      <PageHeader title={t('Earnings')}>
        {currencies.length > 1 ? (
          <Dropdown
            label={t('Currency')}
            className="earnings-currency"
            selectedKey={shown?.currency}
            options={currencies.map((item) => ({ key: item.currency, text: currencyCode(item.currency) }))}
            onChange={(_event, option) => option && setPicked(String(option.key))}
          />
        ) : null}
      </PageHeader>
      <NowFigures earnings={state.status === 'waiting' ? undefined : shown} lang={lang} />
      <div className="analytics-screen">
        <div className="analytics-toolbar">
          <RangePicker range={range} limits={limits} onChange={setRange} onRefresh={() => setRefresh((value) => value + 1)} />
          {shown && shown.periods.length > 0 ? (
            <IconButton
              iconProps={{ iconName: 'Download' }}
              title={t('Download as CSV')}
              ariaLabel={t('Download the earnings of this period as CSV')}
              onClick={() => downloadCsv(`earnings-${shown.currency}-${dayOf(range.start)}-${dayOf(range.end)}.csv`, earningsCsvRows(shown, spans))}
            />
          ) : null}
        </div>
        <div className="analytics-grid">
          <ChartPanel title={t(titles.revenue)} state={charts((earnings) => revenueChart(earnings, spans, lang))} />
          <ChartPanel title={t(titles.subscriptions)} state={charts((earnings) => subscriptionsChart(earnings, spans))} />
          <ChartPanel title={t(titles.newsletters)} wide state={charts((earnings) => newslettersChart(earnings, lang))} />
        </div>
      </div>
    </Stack>
  );
}

/** The figures that do not depend on the range: what is paid each month now, and by how many; `earnings` undefined while they load. */
function NowFigures({ earnings, lang }: { earnings: CurrencyEarnings | undefined; lang: ConsoleLang }) {
  const waiting = earnings === undefined;
  return (
    <section aria-label={t('Now')} aria-busy={waiting}>
      <Figures minWidth={220}>
        <Figure label={t('Monthly recurring revenue')} value={waiting ? '…' : formatMoney(earnings.mrr, earnings.currency, lang)}>
          <Text block variant="small" className="earnings-note">
            {t('Paying subscriptions now, a yearly plan counted as a twelfth a month')}
          </Text>
        </Figure>
        <Figure label={t('Paying subscribers')} value={waiting ? '…' : formatNumber(earnings.paying, lang)}>
          <Text block variant="small" className="earnings-note">
            {t('Including those whose last payment failed while Stripe tries again')}
          </Text>
        </Figure>
      </Figures>
    </section>
  );
}

/** Revenue in each span of the range, in the currency's units. */
function revenueChart(earnings: CurrencyEarnings, spans: SpanWindow, lang: ConsoleLang): ChartData {
  const [revenue = [], payments = []] = intoSpans(spans.starts, earnings.periods, 'revenue', 'payments');
  const total = revenue.reduce((sum, value) => sum + value, 0);
  const code = currencyCode(earnings.currency);
  return {
    model: {
      kind: 'bar',
      ...overTime(spans.axis),
      unit: code,
      series: [{ name: t('Revenue ({currency})', { currency: code }), values: revenue.map((amount) => majorUnits(amount, earnings.currency)) }],
    },
    notes: [
      t('{amount} from {count} payments in this period', {
        amount: formatMoney(total, earnings.currency, lang),
        count: formatNumber(
          payments.reduce((sum, value) => sum + value, 0),
          lang,
        ),
      }),
    ],
    empty: noPaymentsText(),
  };
}

/** Paid subscriptions started and ended in each span. */
function subscriptionsChart(earnings: CurrencyEarnings, spans: SpanWindow): ChartData {
  const [started = [], cancelled = []] = intoSpans(spans.starts, earnings.periods, 'started', 'cancelled');
  return {
    model: {
      kind: 'bar',
      ...overTime(spans.axis),
      unit: t('subscriptions'),
      series: [
        { name: t('New'), values: started },
        { name: t('Cancelled'), values: cancelled },
      ],
    },
    empty: t('No new or cancelled paid subscriptions in this period yet. Pick a longer range, or come back once readers have had the issues.'),
  };
}

/** Revenue of the range by newsletter, the largest first. */
function newslettersChart(earnings: CurrencyEarnings, lang: ConsoleLang): ChartData {
  const code = currencyCode(earnings.currency);
  return {
    model: {
      kind: 'bar',
      across: true,
      labels: earnings.newsletters.map((newsletter) => newsletter.title),
      unit: code,
      series: [
        {
          name: t('Revenue ({currency})', { currency: code }),
          values: earnings.newsletters.map((newsletter) => majorUnits(newsletter.revenue, earnings.currency)),
        },
      ],
    },
    notes: earnings.newsletters.map((newsletter) =>
      t('{newsletter}: {amount}, {count} payments', {
        newsletter: newsletter.title,
        amount: formatMoney(newsletter.revenue, earnings.currency, lang),
        count: formatNumber(newsletter.payments, lang),
      }),
    ),
    empty: noPaymentsText(),
  };
}

/** The range's spans as CSV rows: each span's first day, new and cancelled subscriptions, payments and revenue (plain numbers; the headers in the console's language). */
export function earningsCsvRows(earnings: CurrencyEarnings, spans: SpanWindow): string[][] {
  const [started = [], cancelled = [], payments = [], revenue = []] = intoSpans(spans.starts, earnings.periods, 'started', 'cancelled', 'payments', 'revenue');
  const code = currencyCode(earnings.currency);
  return [
    [t('Period start'), t('New'), t('Cancelled'), t('Payments'), t('Revenue ({currency})', { currency: code })],
    ...spans.starts.map((start, index) => [
      start,
      String(started[index] ?? 0),
      String(cancelled[index] ?? 0),
      String(payments[index] ?? 0),
      csvAmount(revenue[index] ?? 0, earnings.currency),
    ]),
  ];
}
