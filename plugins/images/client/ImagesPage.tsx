/**
 * /newsletters/show/:newsletterId/images: the publisher's images, 30 at a time as the user scrolls,
 * 'Filter by Uploader', UPLOAD, and each card's Edit Credentials / Copy Image / Delete.
 */
import { DefaultButton, Dialog, DialogFooter, DialogType, PrimaryButton, Stack, Text, Toggle } from '@fluentui/react';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import type { Image } from '../../../schemas/generated/entities/image';
import { call } from '../../../core/client/api';
import { handleError } from '../../../core/client/errors';
import { LoadMore } from '../../../core/client/infinite-list';
import { useCan } from '../../../core/client/permissions';
import { userAtom } from '../../../core/client/stores';
import { toast } from '../../../core/client/toasts';
import { CredentialsDialog } from './CredentialsDialog';
import { ImageCard } from './ImageCard';
import { absoluteUrl, copyText, useImageList } from './image-list';
import { useUploaderFilter } from './uploader-filter';
import { UploadForm } from './UploadForm';
import './images.css';

export default function ImagesPage() {
  const filter = useUploaderFilter();
  const images = useImageList(filter.uploader);
  const user = useAtomValue(userAtom);
  const can = useCan();
  const [uploading, setUploading] = useState(false);
  const [editing, setEditing] = useState<Image | null>(null);
  const [deleting, setDeleting] = useState<Image | null>(null);
  const [busy, setBusy] = useState(false);

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
    setBusy(true);
    try {
      const { msg } = await call('delete', `images/delete/${image._id}`);
      images.update((items) => items.filter((item) => item._id !== image._id), -1);
      toast('success', 'Success!', msg);
      setDeleting(null);
    } catch (error) {
      await handleError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack tokens={{ childrenGap: 24 }}>
      <Stack horizontal wrap verticalAlign="center" horizontalAlign="space-between" tokens={{ childrenGap: 16 }}>
        <Text as="h1" variant="xxLarge" styles={{ root: { fontWeight: 700, margin: 0 } }}>Images</Text>
        <Stack horizontal verticalAlign="center" tokens={{ childrenGap: 24 }}>
          <Toggle label="Filter by Uploader" inlineLabel checked={filter.on} onChange={(_, checked) => filter.setOn(Boolean(checked))} styles={{ root: { margin: 0 } }} />
          <PrimaryButton text="UPLOAD" iconProps={{ iconName: 'Upload' }} onClick={() => setUploading(true)} />
        </Stack>
      </Stack>

      {images.items.length > 0 ? (
        <div className="images-grid" role="list" aria-label="Images">
          {images.items.map((image) => (
            <div role="listitem" key={image._id} style={{ minWidth: 0 }}>
              <ImageCard image={image} canChange={mayChange(image)} onEdit={() => setEditing(image)} onCopy={() => void copy(image)} onDelete={() => setDeleting(image)} />
            </div>
          ))}
        </div>
      ) : !images.loading ? (
        <Stack horizontalAlign="center" tokens={{ childrenGap: 8, padding: 48 }} styles={{ root: { background: '#fff', borderRadius: 8 } }}>
          <Text variant="large" styles={{ root: { fontWeight: 600 } }}>{filter.on ? "You haven't uploaded any images yet." : 'There are no images yet.'}</Text>
          <Text styles={{ root: { color: '#605e5c' } }}>Upload an image with UPLOAD; it will be ready for covers, logos and stories.</Text>
        </Stack>
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
        <Dialog
          hidden={false}
          onDismiss={() => setDeleting(null)}
          dialogContentProps={{ type: DialogType.normal, title: 'Delete Image', subText: 'Are you sure you want to delete this image? Stories and pages that use it will show a broken image.' }}
          modalProps={{ isBlocking: busy }}
        >
          <DialogFooter>
            <DefaultButton text="CANCEL" onClick={() => setDeleting(null)} disabled={busy} />
            <PrimaryButton text="DELETE" onClick={() => void remove(deleting)} disabled={busy} />
          </DialogFooter>
        </Dialog>
      ) : null}
    </Stack>
  );
}
