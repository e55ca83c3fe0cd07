/** The premium-story service's texts (spec 002 sections 5 and 8), for both sides: the server's refusals and the console's toasts. */
export const premiumMessages = {
  missingId: 'Invalid story object: missing ID.',
  updateFailed: 'Failed to update the story.',
  revalidateFailed: 'Failed to revalidate the story.',
  invalidList: 'Invalid response data.',
} as const;
