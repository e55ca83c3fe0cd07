/**
 * The image picker other features open (profile picture, logos, covers): GALLERY to choose one of
 * the library's images, UPLOAD to add one; either way `onSelect` gets the image.
 */
import { Dialog, DialogType, Pivot, PivotItem, Stack, Text } from '@fluentui/react';
import { useState } from 'react';
import type { ImagePickerProps } from '../../../core/client/refs';
import type { Image } from '../../../schemas/generated/entities/image';
import { addToList, LoadMore } from '../../../core/client/infinite-list';
import { OwnContentToggle } from '../../../core/client/own-content';
import { PickerFooter } from '../../../core/client/selectable';
import { theme } from '../../../core/client/theme';
import { noImagesText, useImages } from './image-list';
import { UploadForm } from './UploadForm';
import './images.css';
import { t } from '../../../core/client/words';

type Tab = 'gallery' | 'upload';

export default function ImagePicker({ onDismiss, onSelect, recommendedSize }: ImagePickerProps) {
  const [tab, setTab] = useState<Tab>('gallery');
  const { filter, list: images } = useImages();
  const [selected, setSelected] = useState<Image | null>(null);

  return (
    <Dialog
      hidden={false}
      onDismiss={onDismiss}
      dialogContentProps={{ type: DialogType.normal, title: t('Select Image') }}
      minWidth={Math.min(880, window.innerWidth - 32)}
      maxWidth={880}
    >
      <Pivot selectedKey={tab} onLinkClick={(item) => setTab((item?.props.itemKey as Tab) ?? 'gallery')} headersOnly aria-label={t('Image source')}>
        <PivotItem headerText={t('GALLERY')} itemKey="gallery" />
        <PivotItem headerText={t('UPLOAD')} itemKey="upload" />
      </Pivot>
      <div style={{ paddingTop: 16 }}>
        {tab === 'gallery' ? (
          <Stack tokens={{ childrenGap: 12 }}>
            <OwnContentToggle filter={filter} label={t('Filter by Uploader')} />
            <div style={{ maxHeight: '50vh', overflowY: 'auto', paddingRight: 4 }}>
              {images.items.length > 0 ? (
                <div className="images-grid images-grid--picker" role="listbox" aria-label={t('Gallery')}>
                  {images.items.map((image) => (
                    <button
                      type="button"
                      key={image._id}
                      className="image-tile"
                      role="option"
                      aria-selected={selected?._id === image._id}
                      title={image.alt}
                      onClick={() => setSelected(image)}
                      onDoubleClick={() => onSelect(image)}
                    >
                      <img src={image.sizes.small} alt={image.alt} loading="lazy" />
                    </button>
                  ))}
                </div>
              ) : !images.loading ? (
                <Text styles={{ root: { display: 'block', padding: 24, textAlign: 'center', color: theme.palette.neutralSecondary } }}>
                  {noImagesText(filter.on)} {t('Upload one in the UPLOAD tab.')}
                </Text>
              ) : null}
              <LoadMore list={images} />
            </div>
            <PickerFooter selected={selected} onSelect={onSelect} onDismiss={onDismiss} />
          </Stack>
        ) : (
          <UploadForm
            recommendedSize={recommendedSize}
            onUploaded={(image) => {
              addToList(images, image);
              setSelected(image);
              onSelect(image);
            }}
          />
        )}
      </div>
    </Dialog>
  );
}
