/** The class of the rich-text editor's dialogs' layers: a click in them is still the editor's (the issue intro keeps its writer). */
export const richTextDialogClass = 'rich-text-dialog';
