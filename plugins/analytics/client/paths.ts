/** The addresses of the analytics pages (spec 002 section 2.9). */
export const newsletterAnalyticsPath = (newsletterId: string) => `/newsletters/show/${newsletterId}/analytics`;
export const publisherAnalyticsPath = (publisherId: string) => `/publishers/show/${publisherId}/analytics`;
export const issueAnalyticsPath = (issueId: string) => `/issues/show/${issueId}/analytics`;
export const storyAnalyticsPath = (storyId: string) => `/stories/show/${storyId}/analytics`;
