import type { ReactNode } from 'react';
import { Box, Button, Card, CardActions, CardContent, Typography } from '@mui/material';
import { Link } from 'react-router-dom';

interface StatTileProps {
  title: string;
  value?: ReactNode;
  icon: ReactNode;
  linkTo?: string;
  linkLabel?: string;
  children?: ReactNode;
}

export function StatTile({ title, value, icon, linkTo, linkLabel, children }: StatTileProps) {
  return (
    <Card sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <CardContent sx={{ flexGrow: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
          {icon}
          <Typography variant="h6" component="h2">
            {title}
          </Typography>
        </Box>
        {value !== undefined && (
          <Typography variant="h3" component="p" data-testid={`tile-${title}`}>
            {value}
          </Typography>
        )}
        {children}
      </CardContent>
      {linkTo && (
        <CardActions>
          <Button component={Link} to={linkTo} size="small">
            {linkLabel ?? 'Open'}
          </Button>
        </CardActions>
      )}
    </Card>
  );
}
