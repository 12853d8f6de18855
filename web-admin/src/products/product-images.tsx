import { useState } from 'react';
import DeleteIcon from '@mui/icons-material/Delete';
import { Box, IconButton, Typography } from '@mui/material';
import { useDataProvider, useNotify, useRecordContext, useRefresh } from 'react-admin';
import type { ConsoleDataProvider } from '../dataProvider';
import { errorMessage } from '../http';
import type { ConsoleProduct } from '../types';

/** The product's current images, each removable at once (the upload of new ones rides on Save). */
export function ProductImages() {
  const product = useRecordContext<ConsoleProduct>();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState<string | null>(null);
  if (!product) return null;
  const images = product.images ?? [];

  async function remove(imageId: string) {
    setBusy(imageId);
    try {
      await dataProvider.deleteProductImage(String(product!.id), imageId);
      refresh();
    } catch (error) {
      notify(errorMessage(error), { type: 'error' });
    } finally {
      setBusy(null);
    }
  }

  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="subtitle2" gutterBottom>
        Current images
      </Typography>
      {images.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          No images yet.
        </Typography>
      )}
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        {images.map((image) => (
          <Box key={image._id} sx={{ position: 'relative' }}>
            <img
              src={image.url}
              alt={product.name}
              style={{ width: 120, height: 120, objectFit: 'cover', borderRadius: 4 }}
            />
            <IconButton
              aria-label="Remove image"
              size="small"
              disabled={busy === image._id}
              onClick={() => void remove(image._id)}
              sx={{ position: 'absolute', top: 4, right: 4, bgcolor: 'background.paper' }}
            >
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
