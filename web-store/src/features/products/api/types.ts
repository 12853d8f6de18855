/** Product shapes as the gateway returns them (common HTTP surface). */
export interface ProductImage {
  _id: string;
  url: string;
}

export interface ProductSizeRecord {
  _id: string;
  size: string;
  stock: number;
}

export interface Review {
  _id: string;
  user: string;
  name: string;
  rating: number;
  comment: string;
}

export interface Product {
  _id: string;
  name: string;
  description: string;
  category: string;
  SubCategory: string;
  ProductSize: ProductSizeRecord[];
  Stock: number;
  images: ProductImage[];
  /** First image URL, or the catalog's generated placeholder of the category. */
  image?: string;
  price: number;
  ratings: number;
  numOfReviews: number;
  reviews: Review[];
  isShow: boolean;
  createdAt: string;
}

/** One size of a grouped listing; `productId` is the product record the size belongs to. */
export interface GroupSize {
  _id: string;
  size: string;
  stock: number;
  productId: string;
}

export interface GroupSubCategory {
  SubCategory: string;
  productId: string;
  sizes: GroupSize[];
}

export interface ProductGroup {
  name: string;
  category: string;
  description: string;
  images: ProductImage[];
  /** First image URL, or the catalog's generated placeholder of the category. */
  image?: string;
  subCategories: GroupSubCategory[];
}

export interface GroupedProductsPage {
  success: true;
  groups: ProductGroup[];
  groupsCount: number;
  resultPerPage: number;
  filteredGroupsCount: number;
}
