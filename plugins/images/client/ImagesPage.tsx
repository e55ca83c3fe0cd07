/**
 * /newsletters/show/:newsletterId/images: the publisher's images, 30 at a time as the user scrolls,
 * 'Filter by Uploader', UPLOAD, and each card's Edit Credentials / Copy Image / Delete.
 */
import { Dialog, DialogType, PrimaryButton, Stack } from '@fluentui/react';
import type { Image } from '../../../schemas/generated/entities/image';
import { call } from '../../../core/client/api';
import { LoadMore } from '../../../core/client/infinite-list';
import { OwnContentToggle } from '../../../core/client/own-content';
import { ConfirmDialog, EmptyState, PageHeader } from '../../../core/client/page-parts';
import { toast } from '../../../core/client/toasts';
import { useUploadsPage } from '../../../core/client/uploads';
import { imageEndpoints } from '../endpoints';
import { CredentialsDialog } from './CredentialsDialog';
import { ImageCard } from './ImageCard';
import { absoluteUrl, copyText, noImagesText, useImages } from './image-list';
import { UploadForm } from './UploadForm';
import './images.css';
import { t } from '../../../core/client/words';

export default function ImagesPage() {
  const { filter, list: images } = useImages();
  const uploads = useUploadsPage(images, 'images.manage');
  const { editing, deleting } = uploads;

  const copy = async (image: Image) => {
    try {
      await copyText(absoluteUrl(image.path));
      toast('success', 'Copied!', 'The image address is on your clipboard.');
    } catch {
      toast('error', 'Error!', 'The image address could not be copied.');
    }
  };

  const remove = async (image: Image) => {
    const { msg } = await call(imageEndpoints.remove, { params: { id: image._id } });
    uploads.deleted(image);
    toast('success', 'Success!', msg);
  };

  return (
    <Stack tokens={{ childrenGap: 24 }}>
      <PageHeader title={t('Images')}>
        <OwnContentToggle filter={filter} label={t('Filter by Uploader')} />
        <PrimaryButton text={t('UPLOAD')} iconProps={{ iconName: 'Upload' }} onClick={() => uploads.setUploading(true)} />
      </PageHeader>

      {images.items.length > 0 ? (
        <div className="images-grid" role="list" aria-label={t('Images')}>
          {images.items.map((image) => (
            <div role="listitem" key={image._id} style={{ minWidth: 0 }}>
              <ImageCard
                image={image}
                canChange={uploads.mayChange(image)}
                onEdit={() => uploads.setEditing(image)}
                onCopy={() => void copy(image)}
                onDelete={() => uploads.setDeleting(image)}
              />
            </div>
          ))}
        </div>
      ) : !images.loading ? (
        <EmptyState title={noImagesText(filter.on)} text={t('Upload an image with UPLOAD; it will be ready for covers, logos and stories.')} />
      ) : null}
      <LoadMore list={images} />

      {uploads.uploading ? (
        <Dialog
          hidden={false}
          onDismiss={() => uploads.setUploading(false)}
          dialogContentProps={{ type: DialogType.normal, title: t('Upload Image') }}
          minWidth={520}
        >
          <UploadForm onUploaded={uploads.uploaded} />
        </Dialog>
      ) : null}
      {editing ? <CredentialsDialog image={editing} onDismiss={() => uploads.setEditing(null)} onSaved={uploads.saved} /> : null}
      {deleting ? (
        <ConfirmDialog
          title={t('Delete Image')}
          text={t('Are you sure you want to delete this image? Stories and pages that use it will show a broken image.')}
          action={t('DELETE')}
          onConfirm={() => remove(deleting)}
          onDismiss={() => uploads.setDeleting(null)}
        />
      ) : null}
    </Stack>
  );
}
