// What a finder is told about an item its owner reported lost (lost mode): the owner's optional
// message and reward, each at most LOST_NOTE_MAX characters, checked when the report was saved.
export type LostNotice = { message: string | null; reward: string | null };
