import DeleteIcon from '@mui/icons-material/Delete';
import { Box, IconButton, Typography } from '@mui/material';
import { useNotify, useRecordContext } from 'react-admin';
import type { ConsoleProduct } from '@lr/contracts';
import { errorMessage } from '../http';
import { useDeleteProductImage } from './queries';

/** The product's current images, each removable at once (the upload of new ones rides on Save). */
export function ProductImages() {
  const product = useRecordContext<ConsoleProduct>();
  const notify = useNotify();
  const removing = useDeleteProductImage(String(product?.id));
  if (!product) return null;
  const images = product.images;

  function remove(imageId: string) {
    removing.mutate(imageId, {
      onError: (error) => notify(errorMessage(error), { type: 'error' }),
    });
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
              disabled={removing.isPending && removing.variables === image._id}
              onClick={() => remove(image._id)}
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
