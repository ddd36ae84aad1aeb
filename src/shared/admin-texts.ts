/**
 * The admin area's shell and user management, not to be paraphrased.
 * A module of its own, like auth-texts.ts: only the admin chunks need it (docs/decisions/0006).
 */
export const ADMIN_TEXTS = {
  authenticating: "Authenticating",
  accessDenied: "Access Denied",
  importFunds: "Import Funds",
  manageUsers: "Manage Users",
  manageBlog: "Manage Blog",
  usersTitle: "User Management",
  usersDescription: "View, manage, and perform actions on all users in the system.",
  searchPlaceholder: "Search by name or email...",
  noUsers: "No users found.",
  none: "None",
  notAvailable: "N/A",
  cancel: "Cancel",
  fetchUsersFailed: "Failed to fetch users",
  actionFailed: "Failed to perform user action",
  /** The confirmation dialog of each row action; the delete text is fixed product wording. */
  actions: {
    delete_user: {
      button: "Delete",
      title: "Delete User",
      description:
        "This action is irreversible. It will permanently delete the user, their subscription, and all associated data. Are you sure you want to proceed?",
      confirm: "Yes, Delete User",
    },
    pause_subscription: {
      button: "Pause",
      title: "Pause Subscription",
      description:
        "This will pause the user's subscription at the end of the current billing period. The user will lose access to premium features.",
      confirm: "Yes, Pause",
    },
    resume_subscription: {
      button: "Resume",
      title: "Resume Subscription",
      description: "This will resume the user's subscription. The user will be charged on the next billing date.",
      confirm: "Yes, Resume",
    },
    reactivate_account: {
      button: "Reactivate",
      title: "Reactivate Account",
      description: "This will allow the user to log in again.",
      confirm: "Yes, Reactivate",
    },
  },
} as const;

/** A monthly plan's renewal as the user list shows it; dates come formatted. */
export const RENEWAL_TEXTS = {
  renews: (date: string) => `Renews ${date}`,
  ends: (date: string) => `Ends ${date}`,
  ended: (date: string) => `Ended ${date}`,
  stoppedOnDeactivation: "renewal stopped on deactivation",
  cancelledByMember: "cancelled by the member",
  reactivateResumes: (date: string) =>
    `Their monthly subscription, stopped when the account was deactivated, renews again: the next charge is on ${date}.`,
  reactivateEnded: (date: string) => `Their subscription ended on ${date}; reactivating does not restart it.`,
} as const;

/** Admin area: what a signed-in user without the admin role sees. */
export function adminAccessDeniedText(role: string): string {
  return `Access denied. Your role (${role}) lacks required permissions.`;
}

export function usersLoadFailedText(message: string): string {
  return `Failed to load users: ${message}`;
}

/** The AI writer's messages: the form's own two, the server's three. */
export const AI_WRITER_TEXTS = {
  provideUrl: "Please provide at least one URL.",
  invalidLines: "Please ensure all lines contain valid URLs.",
  invalidUrlItem: "Each item in the list must be a valid URL.",
  noUrls: "At least one URL is required.",
  tooManyUrls: "At most 10 URLs can be summarised at once.",
} as const;

/** Blog management (/admin/blog): the list, the editor and the AI writer tab, as the product words them. */
export const BLOG_ADMIN_TEXTS = {
  title: "Blog Management",
  description: "Create, edit, and manage all blog posts for your site.",
  createNew: "Create New Post",
  filters: { all: "All", published: "Published", draft: "Draft" },
  columns: ["Title", "Status", "Author", "Published Date", "Last Updated", "Actions"],
  published: "Published",
  draft: "Draft",
  viewPost: "View Post",
  editPost: "Edit Post",
  deletePost: "Delete Post",
  cancel: "Cancel",
  delete: "Delete",
  empty: "No posts found for the selected filter.",
  createTitle: "Create Post",
  editTitle: "Edit Post",
  backToPosts: "Back to Posts",
  aiWriterTab: "AI Writer",
  manualTab: "Manual Editor",
  fields: {
    title: "Title",
    slug: "Slug",
    slugHint: "The URL-friendly version of the title.",
    content: "Content",
    contentPlaceholder: "Write your blog post content here...",
    publishing: "Publishing",
    status: "Status",
    statusHint: "Set to Published to make it live, or Draft to keep it hidden.",
    details: "Details",
    excerpt: "Excerpt",
    featuredImageUrl: "Featured Image URL",
    seo: "SEO",
    seoTitle: "SEO Title",
    seoDescription: "SEO Description",
    seoKeywords: "SEO Keywords",
    seoKeywordsHint: "Comma-separated",
  },
  createPost: "Create Post",
  updatePost: "Update Post",
  created: "Post created.",
  updated: "Post updated.",
  deleted: "Post deleted.",
  fetchFailed: "Failed to fetch blog posts",
  createFailed: "Failed to create blog post",
  updateFailed: "Failed to update blog post",
  deleteFailed: "Failed to delete blog post",
  insertImage: "Insert image",
  imageUrl: "Image URL",
  imageAlt: "Description (alt text)",
  insert: "Insert",
  ai: {
    heading: "AI Blog Post Generator",
    intro: "Paste news article URLs (one per line) to generate a blog post summarizing the key points.",
    label: "Source Article URLs",
    generate: "Generate Blog Post",
    generating: "Generating...",
    result: "Generated Content",
    use: "Use This Content",
    generated: "Blog post generated successfully!",
    added: "Content has been added to the editor.",
    failedFallback: "Failed to generate blog post.",
    demoNote:
      "Demo mode: no AI model is configured, so drafts are assembled from the articles' own sentences. Set LLM_API_KEY to have an LLM write them.",
  },
} as const;

export function postsLoadFailedText(message: string): string {
  return `Failed to load posts: ${message}`;
}

export function deletePostConfirmText(title: string): string {
  return `Are you sure you want to delete the post "${title}"? This action cannot be undone.`;
}

export function generationFailedText(message: string): string {
  return `Generation failed: ${message}`;
}
