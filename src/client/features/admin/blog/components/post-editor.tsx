import { zodResolver } from "@hookform/resolvers/zod";
import { ArrowLeft, LoaderCircle, PenLine, Sparkles, TriangleAlert } from "lucide-react";
import { type ComponentProps, type ReactNode, useId, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { toast } from "sonner";
import { BLOG_ADMIN_TEXTS } from "../../../../../shared/admin-texts.js";
import { slugify } from "../../../../../shared/blog.js";
import type { BlogPost } from "../../../../../shared/schemas/blog.js";
import { FormField } from "../../../../components/form-field.js";
import { Button } from "../../../../components/ui/button.js";
import { Card, CardContent, CardHeader, CardTitle } from "../../../../components/ui/card.js";
import { Switch } from "../../../../components/ui/switch.js";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../../../components/ui/tabs.js";
import { Textarea } from "../../../../components/ui/textarea.js";
import { ApiError, messageOr } from "../../../../lib/api-client.js";
import { saveFailedFallback, useSavePost } from "../api/use-admin-blog.js";
import { EMPTY_POST, type PostFormValues, postFormSchema } from "../post-form-schema.js";
import { AiWriterPanel, type Draft } from "./ai-writer-panel.js";
import { RichTextEditor } from "./rich-text-editor.js";

const T = BLOG_ADMIN_TEXTS;

/** A stored post as the form's values; on editing, any status but published counts as draft. */
function valuesOf(post: BlogPost): PostFormValues {
  return {
    title: post.title,
    slug: post.slug,
    content: post.content,
    status: post.status === "published" ? "published" : "draft",
    excerpt: post.excerpt ?? "",
    featuredImageUrl: post.featuredImageUrl ?? "",
    seoTitle: post.seoTitle ?? "",
    seoDescription: post.seoDescription ?? "",
    seoKeywords: post.seoKeywords ?? "",
  };
}

type PostEditorProps = { post: BlogPost | null; onClose(): void };

/**
 * The editor view: 'Create Post' with the AI Writer and Manual Editor tabs (manual first), or 'Edit
 * Post' with the manual form only. Saving or cancelling returns to the list.
 */
export function PostEditor({ post, onClose }: PostEditorProps) {
  const isNew = post === null;
  const [tab, setTab] = useState("manual");
  const form = useForm<PostFormValues>({
    resolver: zodResolver(postFormSchema),
    defaultValues: post ? valuesOf(post) : EMPTY_POST,
    // Validated on submit and on blur.
    mode: "onTouched",
  });

  const applyDraft = (draft: Draft) => {
    const options = { shouldDirty: true, shouldValidate: false } as const;
    form.setValue("title", draft.title, options);
    form.setValue("slug", slugify(draft.title), options);
    form.setValue("content", draft.content, options);
    form.setValue("excerpt", draft.excerpt, options);
    setTab("manual");
    toast.success(T.ai.added);
  };

  return (
    <section aria-labelledby="post-editor-title" className="flex flex-col gap-6">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <h1 id="post-editor-title" className="text-3xl font-bold tracking-tight text-slate-900">
          {isNew ? T.createTitle : T.editTitle}
        </h1>
        <Button variant="outline" onClick={onClose}>
          <ArrowLeft aria-hidden="true" />
          {T.backToPosts}
        </Button>
      </header>
      {isNew ? (
        <Tabs value={tab} onValueChange={setTab}>
          <TabsList aria-label="How to write the post">
            <TabsTrigger value="ai">
              <Sparkles aria-hidden="true" />
              {T.aiWriterTab}
            </TabsTrigger>
            <TabsTrigger value="manual">
              <PenLine aria-hidden="true" />
              {T.manualTab}
            </TabsTrigger>
          </TabsList>
          {/* Both panels stay mounted, so a draft in progress survives switching tabs. */}
          <TabsContent value="ai" forceMount className="mt-6 data-[state=inactive]:hidden">
            <AiWriterPanel onUse={applyDraft} />
          </TabsContent>
          <TabsContent value="manual" forceMount className="mt-6 data-[state=inactive]:hidden">
            <ManualForm form={form} post={post} onClose={onClose} />
          </TabsContent>
        </Tabs>
      ) : (
        <ManualForm form={form} post={post} onClose={onClose} />
      )}
    </section>
  );
}

type Form = ReturnType<typeof useForm<PostFormValues>>;

function ManualForm({ form, post, onClose }: { form: Form; post: BlogPost | null; onClose(): void }) {
  const isNew = post === null;
  const save = useSavePost();
  const ids = useId();
  const contentLabelId = `${ids}-content-label`;
  const contentErrorId = `${ids}-content-error`;
  const statusHintId = `${ids}-status-hint`;
  const { errors, isSubmitting } = form.formState;
  const titleField = form.register("title");

  const onSubmit = form.handleSubmit(async (values) => {
    form.clearErrors("root");
    try {
      await save.mutateAsync({ ...(post ? { id: post.id } : {}), ...values });
      toast.success(isNew ? T.created : T.updated);
      onClose();
    } catch (error) {
      // The editor stays open with what was typed; a clash of slugs is shown at the slug.
      console.error(isNew ? T.createFailed : T.updateFailed, error);
      const message = messageOr(error, saveFailedFallback(isNew));
      if (error instanceof ApiError && error.status === 409) {
        form.setError("slug", { message }, { shouldFocus: true });
      } else {
        form.setError("root", { message });
      }
    }
  });

  return (
    <form
      noValidate
      onSubmit={(event) => {
        // Only this form's own submission saves the post. The editor's dialogs (image, link, video)
        // are forms or fields of their own, and a submit event from one of them, which React bubbles
        // through portals, must never save or publish a half-written post.
        if (event.target !== event.currentTarget) {
          event.preventDefault();
          return;
        }
        void onSubmit(event);
      }}
      aria-busy={isSubmitting}
    >
      <fieldset disabled={isSubmitting} className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="flex min-w-0 flex-col gap-5">
          <FormField
            id={`${ids}-title`}
            label={T.fields.title}
            error={errors.title?.message}
            {...titleField}
            onChange={(event) => {
              void titleField.onChange(event);
              // Editing the title writes its slug; the slug may still be changed by hand afterwards.
              form.setValue("slug", slugify(event.target.value), { shouldDirty: true });
            }}
          />
          <FormField
            id={`${ids}-slug`}
            label={T.fields.slug}
            hint={T.fields.slugHint}
            error={errors.slug?.message}
            autoCapitalize="off"
            spellCheck={false}
            {...form.register("slug")}
          />
          <div className="flex flex-col gap-1.5">
            <span id={contentLabelId} className="text-sm font-medium text-slate-800">
              {T.fields.content}
            </span>
            <Controller
              control={form.control}
              name="content"
              render={({ field }) => (
                <RichTextEditor
                  id={`${ids}-content`}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  labelledBy={contentLabelId}
                  describedBy={errors.content ? contentErrorId : undefined}
                  invalid={Boolean(errors.content)}
                  disabled={isSubmitting}
                />
              )}
            />
            {errors.content && (
              <p id={contentErrorId} className="text-xs font-medium text-red-700">
                {errors.content.message}
              </p>
            )}
          </div>
        </div>

        <div className="flex flex-col gap-5">
          <SideCard title={T.fields.publishing}>
            <Controller
              control={form.control}
              name="status"
              render={({ field }) => (
                <div className="flex items-center gap-3">
                  <Switch
                    id={`${ids}-status`}
                    checked={field.value === "published"}
                    onCheckedChange={(checked) => field.onChange(checked ? "published" : "draft")}
                    aria-describedby={statusHintId}
                  />
                  <label htmlFor={`${ids}-status`} className="text-sm font-medium text-slate-800">
                    {T.fields.status}: {field.value === "published" ? T.published : T.draft}
                  </label>
                </div>
              )}
            />
            <p id={statusHintId} className="mt-2 text-xs text-slate-600">
              {T.fields.statusHint}
            </p>
          </SideCard>

          <SideCard title={T.fields.details}>
            <TextAreaField
              id={`${ids}-excerpt`}
              label={T.fields.excerpt}
              rows={4}
              error={errors.excerpt?.message}
              {...form.register("excerpt")}
            />
            <FormField
              id={`${ids}-image`}
              label={T.fields.featuredImageUrl}
              type="url"
              inputMode="url"
              placeholder="https://"
              error={errors.featuredImageUrl?.message}
              {...form.register("featuredImageUrl")}
            />
          </SideCard>

          <SideCard title={T.fields.seo}>
            <FormField
              id={`${ids}-seo-title`}
              label={T.fields.seoTitle}
              error={errors.seoTitle?.message}
              {...form.register("seoTitle")}
            />
            <TextAreaField
              id={`${ids}-seo-description`}
              label={T.fields.seoDescription}
              rows={3}
              error={errors.seoDescription?.message}
              {...form.register("seoDescription")}
            />
            <FormField
              id={`${ids}-seo-keywords`}
              label={T.fields.seoKeywords}
              hint={T.fields.seoKeywordsHint}
              error={errors.seoKeywords?.message}
              {...form.register("seoKeywords")}
            />
          </SideCard>
        </div>

        <div className="flex flex-col gap-3 lg:col-span-2">
          {errors.root?.message && (
            <p
              role="alert"
              className="flex items-start gap-2.5 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
            >
              <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              {errors.root.message}
            </p>
          )}
          <div className="flex flex-col-reverse gap-2 border-t border-slate-200 pt-5 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={onClose}>
              {T.cancel}
            </Button>
            <Button type="submit">
              {isSubmitting && <LoaderCircle className="motion-safe:animate-spin" aria-hidden="true" />}
              {isNew ? T.createPost : T.updatePost}
            </Button>
          </div>
        </div>
      </fieldset>
    </form>
  );
}

function SideCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle className="text-base">{title}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">{children}</CardContent>
    </Card>
  );
}

type TextAreaFieldProps = ComponentProps<"textarea"> & { id: string; label: string; error?: string | undefined };

function TextAreaField({ id, label, error, ...props }: TextAreaFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <Textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...props}
      />
      {error && (
        <p id={errorId} className="text-xs font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
