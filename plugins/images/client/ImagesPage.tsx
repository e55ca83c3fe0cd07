/**
 * /newsletters/show/:newsletterId/images: the publisher's images, 30 at a time as the user scrolls,
 * 'Filter by Uploader', UPLOAD, and each card's Edit Credentials / Copy Image / Delete.
 */
import { Dialog, DialogType, PrimaryButton, Stack } from '@fluentui/react';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import type { Image } from '../../../schemas/generated/entities/image';
import { call } from '../../../core/client/api';
import { LoadMore } from '../../../core/client/infinite-list';
import { OwnContentToggle, useOwnContentFilter } from '../../../core/client/own-content';
import { ConfirmDialog, EmptyState, PageHeader } from '../../../core/client/page-parts';
import { useCan } from '../../../core/client/permissions';
import { userAtom } from '../../../core/client/stores';
import { toast } from '../../../core/client/toasts';
import { CredentialsDialog } from './CredentialsDialog';
import { ImageCard } from './ImageCard';
import { absoluteUrl, copyText, uploaderFilterKey, useImageList } from './image-list';
import { UploadForm } from './UploadForm';
import './images.css';

export default function ImagesPage() {
  const filter = useOwnContentFilter(uploaderFilterKey);
  const images = useImageList(filter.uploader);
  const user = useAtomValue(userAtom);
  const can = useCan();
  const [uploading, setUploading] = useState(false);
  const [editing, setEditing] = useState<Image | null>(null);
  const [deleting, setDeleting] = useState<Image | null>(null);

  const mayChange = (image: Image) => image.uploader?._id === user?._id || can('images.manage');

  const copy = async (image: Image) => {
    try {
      await copyText(absoluteUrl(image.path));
      toast('success', 'Copied!', 'The image address is on your clipboard.');
    } catch {
      toast('error', 'Error!', 'The image address could not be copied.');
    }
  };

  const remove = async (image: Image) => {
    const { msg } = await call('delete', `images/delete/${image._id}`);
    images.update((items) => items.filter((item) => item._id !== image._id), -1);
    toast('success', 'Success!', msg);
    setDeleting(null);
  };

  return (
    <Stack tokens={{ childrenGap: 24 }}>
      <PageHeader title="Images">
        <OwnContentToggle filter={filter} label="Filter by Uploader" />
        <PrimaryButton text="UPLOAD" iconProps={{ iconName: 'Upload' }} onClick={() => setUploading(true)} />
      </PageHeader>

      {images.items.length > 0 ? (
        <div className="images-grid" role="list" aria-label="Images">
          {images.items.map((image) => (
            <div role="listitem" key={image._id} style={{ minWidth: 0 }}>
              <ImageCard
                image={image}
                canChange={mayChange(image)}
                onEdit={() => setEditing(image)}
                onCopy={() => void copy(image)}
                onDelete={() => setDeleting(image)}
              />
            </div>
          ))}
        </div>
      ) : !images.loading ? (
        <EmptyState
          title={filter.on ? "You haven't uploaded any images yet." : 'There are no images yet.'}
          text="Upload an image with UPLOAD; it will be ready for covers, logos and stories."
        />
      ) : null}
      <LoadMore list={images} />

      {uploading ? (
        <Dialog hidden={false} onDismiss={() => setUploading(false)} dialogContentProps={{ type: DialogType.normal, title: 'Upload Image' }} minWidth={520}>
          <UploadForm
            onUploaded={(image) => {
              images.update((items) => [image, ...items], 1);
              setUploading(false);
            }}
          />
        </Dialog>
      ) : null}
      {editing ? (
        <CredentialsDialog
          image={editing}
          onDismiss={() => setEditing(null)}
          onSaved={(saved) => {
            images.update((items) => items.map((item) => (item._id === saved._id ? saved : item)));
            setEditing(null);
          }}
        />
      ) : null}
      {deleting ? (
        <ConfirmDialog
          title="Delete Image"
          text="Are you sure you want to delete this image? Stories and pages that use it will show a broken image."
          action="DELETE"
          onConfirm={() => remove(deleting)}
          onDismiss={() => setDeleting(null)}
        />
      ) : null}
    </Stack>
  );
}
