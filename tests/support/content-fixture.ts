// Blog datasets for tests, in Sanity's document shapes: "fixture" has a post with every Portable
// Text case of spec 001 §2, posts without body or image, a draft and authors with each kind of
// bio; "single" has one post (no recommendations); "empty" has none.
let keys = 0;
const key = () => `t${++keys}`;
const span = (text: string, marks: string[] = []) => ({ _type: "span", _key: key(), text, marks });
const block = (style: string, children: unknown[], extra: Record<string, unknown> = {}) => ({ _type: "block", _key: key(), style, markDefs: [], children, ...extra });
const ref = (id: string) => ({ _type: "reference", _ref: id });

const asset = (id: string, url: string, width: number, height: number) => ({
  _id: id,
  _type: "sanity.imageAsset",
  url,
  metadata: { dimensions: { width, height } },
});

export const EVERY_CASE_SLUG = "every-portable-text-case";

function post(slug: string, title: string, publishedAt: string, extra: Record<string, unknown> = {}) {
  return {
    _id: `post-${slug}`,
    _type: "post",
    title,
    slug: { _type: "slug", current: slug },
    excerpt: `The excerpt of ${title}.`,
    publishedAt,
    author: ref("author-lata"),
    mainImage: { _type: "image", alt: `Hero of ${title}`, asset: ref("image-hero") },
    categories: [{ ...ref("category-tests"), _key: key() }],
    body: [block("normal", [span(`Body of ${title}.`)])],
    ...extra,
  };
}

const linkKey = "link-safe";
const badLinkKey = "link-bad";

const everyCase = post(EVERY_CASE_SLUG, "Every Portable Text case", "2026-05-01T10:00:00Z", {
  author: ref("author-dev"),
  categories: [
    { ...ref("category-tests"), _key: key() },
    { ...ref("category-safety"), _key: key() },
  ],
  body: [
    block("h1", [span("Heading one")]),
    block("h2", [span("Heading two")]),
    block("h3", [span("Heading three")]),
    block("h4", [span("Heading four")]),
    block("h5", [span("Heading five")]),
    block("h6", [span("Heading six")]),
    block("normal", [span("A normal paragraph.")]),
    block("blockquote", [span("A quoted line.")]),
    block("normal", [span("First bullet")], { listItem: "bullet", level: 1 }),
    block("normal", [span("Second bullet")], { listItem: "bullet", level: 1 }),
    block("normal", [span("First step")], { listItem: "number", level: 1 }),
    block("normal", [span("Second step")], { listItem: "number", level: 1 }),
    {
      ...block("normal", [
        span("Bold", ["strong"]),
        span(" "),
        span("italic", ["em"]),
        span(" "),
        span("npm test", ["code"]),
        span(" "),
        span("underlined", ["underline"]),
        span(" "),
        span("struck", ["strike-through"]),
        span(" "),
        span("a link", [linkKey]),
        span(" "),
        span("a bad link", [badLinkKey]),
      ]),
      markDefs: [
        { _type: "link", _key: linkKey, href: "https://example.com/safe" },
        { _type: "link", _key: badLinkKey, href: "javascript:alert(1)" },
      ],
    },
    { _type: "image", _key: key(), alt: "A described diagram", asset: ref("image-diagram") },
    { _type: "image", _key: key(), asset: ref("image-diagram") },
    { _type: "image", _key: key(), alt: "Gone", asset: ref("image-deleted") },
    { _type: "callToAction", _key: key(), text: "An unknown block type" },
  ],
});

const fixture = [
  asset("image-hero", "/blog-images/metro-card.svg", 1200, 630),
  asset("image-diagram", "/blog-images/lost-steps.svg", 960, 360),
  asset("image-lata", "/blog-images/author-meera.svg", 160, 160),
  { _id: "category-tests", _type: "category", title: "Test Cases" },
  { _id: "category-safety", _type: "category", title: "Safety" },
  {
    _id: "author-dev",
    _type: "author",
    name: "Dev Patel",
    role: "Fixture writer",
    image: { _type: "image", asset: ref("image-lata") },
    // A single block as the bio (the spec allows string, rich text or a block).
    bio: block("normal", [span("Dev writes "), span("fixtures", ["strong"]), span(" for tests.")]),
  },
  { _id: "author-lata", _type: "author", name: "Lata Rao", role: "Editor", bio: "Lata edits the test blog." },
  everyCase,
  post("empty-body-post", "A post with no body", "2026-04-01T10:00:00Z", { body: [] }),
  post("no-image-post", "A post without an image", "2026-03-01T10:00:00Z", { mainImage: undefined }),
  post("metro-safety", "Metro safety in the rain", "2026-02-01T10:00:00Z"),
  post("oldest-post", "The oldest post", "2025-01-01T10:00:00Z"),
  { ...post("draft-post", "A draft that must not show", "2026-06-01T10:00:00Z"), _id: "drafts.post-draft-post" },
];

export const contentDatasets = (): Record<string, unknown[]> => ({
  fixture,
  single: [...fixture.slice(0, 7), post("lonely-post", "The only post", "2026-01-01T10:00:00Z")],
  empty: [],
  broken: fixture,
});
