/**
 * The wizard's stages and the checks of each (spec 002 sections 2.5, 4 and 5), apart from the
 * screens: which stage follows which, where Back is offered, and a stage's problems as the toast
 * and the fields show them. The messages are rules.ts's, which the server answers with too.
 * Titles and labels here are the English keys: the page shows them through `t`.
 */
import createSchema from '../../../../schemas/api/newsletter-create.schema.json?validator';
import { formValidator } from '../../../../core/client/forms';
import { t } from '../../../../core/client/words';
import type { NewsletterBlank } from '../design-api';
import { defaultTemplateTitle, descriptionProblems, duplicateChannels, identityProblems, welcomeProblems, type Problem } from '../../rules';

/** What the wizard collects: the blank newsletter of GET /newsletters/create, filled in. */
export type WizardDraft = NewsletterBlank['body'];

/** The stages in order, -1 (the agreement) to 7 (the e-mail design). */
export const stages = [-1, 0, 1, 2, 3, 4, 5, 6, 7] as const;
export type Stage = (typeof stages)[number];

export const stageTitles: Record<Stage, string> = {
  [-1]: 'Before you start',
  0: 'Your newsletter',
  1: 'What is it about?',
  2: 'Colours',
  3: 'Welcome e-mail',
  4: 'Channels',
  5: 'Ready to publish',
  6: 'Congrats!',
  7: 'E-mail design preferences',
};

/** The stage's primary button, as the spec names it ('next' written in capitals like the others). */
export const primaryLabels: Record<Stage, string> = {
  [-1]: 'CONTINUE',
  0: 'CREATE',
  1: 'NEXT',
  2: 'NEXT',
  3: 'NEXT',
  4: 'NEXT',
  5: 'PUBLISH',
  6: 'CONTINUE',
  7: 'FINISH',
};

/** The stage after `stage`. */
export const nextStage = (stage: Stage): Stage => stages[Math.min(stages.indexOf(stage) + 1, stages.length - 1)]!;
/** The stage before `stage`. */
export const previousStage = (stage: Stage): Stage => stages[Math.max(stages.indexOf(stage) - 1, 0)]!;
/** Back is offered everywhere but at the start and after publishing (nothing published can be taken back here). */
export const backOffered = (stage: Stage) => stage !== -1 && stage !== 6;
/** 'Step n of 9' and the bar's fill. */
export const stepOf = (stage: Stage) => ({ number: stages.indexOf(stage) + 1, count: stages.length });

const validateDraft = formValidator(createSchema);

/**
 * The server's schema's problems with the fields at `paths` (a slug with spaces, a colour that is no
 * hex code, a text over its length), so that they are said on their stage and not only at PUBLISH.
 */
function schemaProblems(draft: WizardDraft, paths: string[]): Problem[] {
  const result = validateDraft(structuredClone(draft));
  if (result.ok) return [];
  return result.details.filter((detail) => paths.some((path) => detail.path === path || detail.path.startsWith(`${path}.`)));
}

/** The rules' problems first, then the schema's for fields the rules found nothing wrong with. */
function merged(rules: Problem[], schema: Problem[]): Problem[] {
  const named = new Set(rules.map((problem) => problem.path));
  return [...rules, ...schema.filter((problem) => !named.has(problem.path))];
}

/** What keeps a stage from going on; empty when it may. Stage 0's slug availability is asked of the server apart. */
export function stageProblems(stage: Stage, draft: WizardDraft): Problem[] {
  switch (stage) {
    case 0:
      return merged(identityProblems(draft), schemaProblems(draft, ['image', 'title', 'key', 'subtitle', 'lang']));
    case 1:
      return merged(descriptionProblems(draft), schemaProblems(draft, ['description', 'interests']));
    case 2:
      return schemaProblems(draft, ['color', 'textColor']);
    case 3:
      return merged(welcomeProblems(draft.welcome), schemaProblems(draft, ['welcome']));
    case 4: {
      const [duplicate] = duplicateChannels(defaultTemplate(draft).channels);
      // The name is the user's: the message is put in the console's language here, not looked up later.
      return duplicate === undefined
        ? []
        : [{ message: t('{name} is not unique.', { name: duplicate.trim() }), path: `channelTemplates.${defaultIndex(draft)}.channels` }];
    }
    default:
      return [];
  }
}

/** Field errors by path, the first problem of each field. */
export function errorsOf(problems: Problem[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const problem of problems) errors[problem.path] ??= problem.message;
  return errors;
}

/** The errors without those of the fields at `paths` (and below them): what is left once those fields change. */
export function withoutErrors(errors: Record<string, string>, paths: string[]): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).filter(([path]) => !paths.some((changed) => path === changed || path.startsWith(`${changed}.`))));
}

type Template = WizardDraft['channelTemplates'][number];

/** Where the default template is (the blank newsletter has exactly one template, the default). */
const defaultIndex = (draft: WizardDraft) =>
  Math.max(
    0,
    draft.channelTemplates.findIndex((template) => template.default),
  );

/** The template stage 4 edits: the default one. */
export function defaultTemplate(draft: WizardDraft): Template {
  return draft.channelTemplates[defaultIndex(draft)] ?? { title: defaultTemplateTitle, default: true, channels: [] };
}

/** The draft with its default template replaced. */
export function withDefaultTemplate(draft: WizardDraft, template: Template): WizardDraft {
  const index = defaultIndex(draft);
  const channelTemplates =
    draft.channelTemplates.length === 0 ? [template] : draft.channelTemplates.map((other, position) => (position === index ? template : other));
  return { ...draft, channelTemplates };
}

/** The language's own name ('Türkçe', 'English'), or its code where the browser has no name for it. */
export function languageName(code: string): string {
  try {
    return new Intl.DisplayNames([code], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}
