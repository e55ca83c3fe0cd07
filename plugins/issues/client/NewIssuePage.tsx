/**
 * /issues/create/:newsletterId (spec 001 section 2, Issue creation): the 'New Issue' screen. The
 * code name is checked as it is typed: once typing has stopped (constants.issues.keyTypingMs) the
 * check for model Issue runs after constants.issues.keyCheckMs; the field's border turns green
 * when the name is free and red otherwise, and its tooltip says which. The channel template
 * (the built-in 'Plain' first) gives the issue its channels; the premium switch is for those who
 * may publish premium issues (admin, director). CREATE, enabled once the name is free, opens the
 * new issue's editor.
 */
import { Dropdown, mergeStyleSets, PrimaryButton, Stack, Toggle, TooltipHost, TextField, type ITextFieldStyles } from '@fluentui/react';
import { useEffect, useState } from 'react';
import { useLocation, useParams } from 'wouter';
import createSchema from '../../../schemas/api/issue-create.schema.json?validator';
import type { IssueCreateBody } from '../../../schemas/generated/api/issue-create';
import { handleError } from '../../../core/client/errors';
import { formValidator, useFormSubmit } from '../../../core/client/forms';
import { PageHeader } from '../../../core/client/page-parts';
import { useCan } from '../../../core/client/permissions';
import { theme } from '../../../core/client/theme';
import { constants } from '../../../core/shared/config';
import { t } from '../../../core/client/words';
import { draftStoriesTitle, plainTemplate, premiumTooltip } from '../rules';
import { issueApi, type ChannelTemplate } from './issue-api';
import { issueEditorPath } from './issue-paths';
import { issueServerText } from './texts';

const validate = formValidator<IssueCreateBody>(createSchema);

/** Where the code name stands: typed and not yet checked, being checked, or the answer. */
type CodeNameCheck = { phase: 'empty' | 'typing' | 'checking' | 'failed' | 'available' | 'taken' } | { phase: 'invalid'; problem: string };

/** Why a code name cannot be one (the server's own schema and words), or null. */
function codeNameProblem(newsletter: string, key: string): string | null {
  const result = validate({ newsletter, slug: key });
  return result.ok ? null : (result.details.find((detail) => detail.path === 'slug')?.message ?? null);
}

/**
 * The code name's check: nothing while it is being typed; when typing has stopped, a name the
 * schema refuses is said at once, and any other is asked about after keyCheckMs. A failed check
 * goes to the shared handler and leaves the name unchecked (typing again retries).
 */
function useCodeNameCheck(newsletter: string, key: string): CodeNameCheck {
  const [answer, setAnswer] = useState<{ key: string; check: CodeNameCheck } | null>(null);
  useEffect(() => {
    if (!key) return;
    let live = true;
    let checkTimer: ReturnType<typeof setTimeout> | undefined;
    const typingTimer = setTimeout(() => {
      const problem = codeNameProblem(newsletter, key);
      if (problem) return setAnswer({ key, check: { phase: 'invalid', problem } });
      setAnswer({ key, check: { phase: 'checking' } });
      checkTimer = setTimeout(() => {
        issueApi.keyAvailable(key).then(
          (available) => live && setAnswer({ key, check: { phase: available ? 'available' : 'taken' } }),
          (error: unknown) => {
            if (!live) return;
            setAnswer({ key, check: { phase: 'failed' } });
            return handleError(error);
          },
        );
      }, constants.issues.keyCheckMs);
    }, constants.issues.keyTypingMs);
    return () => {
      live = false;
      clearTimeout(typingTimer);
      clearTimeout(checkTimer);
    };
  }, [newsletter, key]);
  if (!key) return { phase: 'empty' };
  return answer?.key === key ? answer.check : { phase: 'typing' };
}

/** What the tooltip (and the line under the field) says of the code name, in the console's language. */
function codeNameMessage(check: CodeNameCheck, key: string): string | undefined {
  switch (check.phase) {
    case 'available':
      return t('{name} is available.', { name: key });
    case 'taken':
      return t('The code name {name} already exists.', { name: key });
    case 'invalid':
      return issueServerText(check.problem);
    default:
      return undefined;
  }
}

/** Green all round for a free name, whether or not the field has the focus (Fluent draws the focus border in :after). */
const availableFieldStyles: Partial<ITextFieldStyles> = {
  fieldGroup: {
    borderColor: theme.palette.green,
    selectors: { ':hover': { borderColor: theme.palette.green }, ':after': { borderColor: theme.palette.green } },
  },
  description: { color: theme.palette.green },
};

const classes = mergeStyleSets({
  form: { background: theme.palette.white, borderRadius: 8, padding: 24, maxWidth: 560 },
});

export default function NewIssuePage() {
  const { newsletterId } = useParams<{ newsletterId: string }>();
  const [, navigate] = useLocation();
  const can = useCan();
  const [templates, setTemplates] = useState<ChannelTemplate[] | null>(null);
  const [template, setTemplate] = useState(plainTemplate._id);
  const [premium, setPremium] = useState(false);
  const [key, setKey] = useState('');
  const check = useCodeNameCheck(newsletterId, key);
  const message = codeNameMessage(check, key);

  useEffect(() => {
    let live = true;
    setTemplates(null);
    issueApi.template(newsletterId).then(
      ({ data }) => {
        if (!live) return;
        setTemplates(data.channelTemplates);
        // The newsletter's default template is the first offer (its channels page decides which).
        setTemplate(data.channelTemplates.find((item) => item.default)?._id ?? plainTemplate._id);
      },
      (error: unknown) => (live ? handleError(error) : undefined),
    );
    return () => {
      live = false;
    };
  }, [newsletterId]);

  const chosen = templates?.find((item) => item._id === template);
  const mayPremium = can('issues.premium');
  const { busy, submit } = useFormSubmit(
    () => validate({ newsletter: newsletterId, slug: key, template, ...(mayPremium ? { premium } : {}) }),
    async (body) => {
      const { data } = await issueApi.create({ newsletter: body.newsletter, slug: body.slug, template: body.template, premium: body.premium });
      navigate(issueEditorPath(data._id));
    },
  );

  return (
    <Stack tokens={{ childrenGap: 24 }}>
      <PageHeader title={t('New Issue')} />
      <form onSubmit={(event) => void submit(event)} noValidate aria-label={t('New Issue')} className={classes.form}>
        <Stack tokens={{ childrenGap: 20 }}>
          <TooltipHost content={message}>
            <TextField
              label={t('Code name')}
              placeholder={t('e.g. sabah-bulteni-12')}
              value={key}
              onChange={(_event, value) => setKey((value ?? '').toLowerCase())}
              autoComplete="off"
              spellCheck={false}
              required
              description={
                check.phase === 'available'
                  ? message
                  : check.phase === 'checking'
                    ? t('Checking...')
                    : check.phase === 'empty' || check.phase === 'typing'
                      ? t('Lowercase letters and digits, in groups joined by hyphens.')
                      : undefined
              }
              // A taken or refused name is an error (red, announced); a free one is green.
              errorMessage={check.phase === 'taken' || check.phase === 'invalid' ? message : undefined}
              styles={check.phase === 'available' ? availableFieldStyles : undefined}
              data-availability={check.phase}
            />
          </TooltipHost>
          <Dropdown
            label={t('Channel template')}
            // The built-in template's name is the console's; the newsletter's own are theirs.
            options={(templates ?? [plainTemplate]).map((item) => ({ key: item._id, text: item._id === plainTemplate._id ? t(item.title) : item.title }))}
            selectedKey={template}
            onChange={(_event, option) => option && setTemplate(String(option.key))}
            disabled={!templates}
          />
          <Stack.Item styles={{ root: { marginTop: -12, color: theme.palette.neutralSecondary, fontSize: 12 } }}>
            {t('Channels: {channels}', { channels: [t(draftStoriesTitle), ...(chosen?.channels ?? [])].join(', ') })}
          </Stack.Item>
          {/* Around the switch alone, so the tooltip points at it. */}
          <TooltipHost content={t(premiumTooltip)} styles={{ root: { display: 'inline-block', alignSelf: 'flex-start' } }}>
            <Toggle label={t('Premium')} inlineLabel checked={premium} disabled={!mayPremium} onChange={(_event, checked) => setPremium(Boolean(checked))} />
          </TooltipHost>
          <Stack horizontal>
            <PrimaryButton type="submit" text={t('CREATE')} iconProps={{ iconName: 'Add' }} disabled={check.phase !== 'available' || !templates || busy} />
          </Stack>
        </Stack>
      </form>
    </Stack>
  );
}
