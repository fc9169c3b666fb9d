import { useState, type SubmitEvent } from 'react';
import { Button, Group, Modal, Stack, TextInput, Textarea } from '@mantine/core';
import type { BlogPost } from '@fonrisk/contracts';
import { toastStore } from '../../../lib/toast.ts';
import { useSaveBlogPost } from '../api/save-blog-post.ts';
import { BLOG_MESSAGES } from '../messages.ts';

interface Props {
  /** The post being edited, or `null` for a new post. */
  readonly post: BlogPost | null;
  readonly onClose: () => void;
}

type Field = 'title' | 'summary' | 'body';

/** Write or edit a post; all three fields are required. */
export function BlogPostForm({ post, onClose }: Props) {
  const save = useSaveBlogPost();
  const [values, setValues] = useState<Record<Field, string>>({
    title: post?.title ?? '',
    summary: post?.summary ?? '',
    body: post?.body ?? '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const set = (field: Field) => (value: string) => setValues((v) => ({ ...v, [field]: value }));

  const submit = (event: SubmitEvent): void => {
    event.preventDefault();
    const missing: Partial<Record<Field, string>> = {};
    for (const field of ['title', 'summary', 'body'] as const) {
      if (values[field].trim() === '') missing[field] = BLOG_MESSAGES.required;
    }
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    save.mutate(post === null ? values : { ...values, id: post.id }, {
      onSuccess: () => {
        toastStore.show('success', BLOG_MESSAGES.saved);
        onClose();
      },
    });
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={post === null ? BLOG_MESSAGES.createTitle : BLOG_MESSAGES.editTitle}
      size="lg"
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label={BLOG_MESSAGES.postTitle}
            value={values.title}
            onChange={(e) => set('title')(e.currentTarget.value)}
            error={errors.title}
          />
          <TextInput
            label={BLOG_MESSAGES.summary}
            value={values.summary}
            onChange={(e) => set('summary')(e.currentTarget.value)}
            error={errors.summary}
          />
          <Textarea
            label={BLOG_MESSAGES.body}
            description={BLOG_MESSAGES.bodyHint}
            autosize
            minRows={6}
            value={values.body}
            onChange={(e) => set('body')(e.currentTarget.value)}
            error={errors.body}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {BLOG_MESSAGES.cancel}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {BLOG_MESSAGES.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
