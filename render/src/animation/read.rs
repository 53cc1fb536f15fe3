//! Reading an animated GIF back, picture by picture as a viewer sees it (for tests and checks).

use gif::{ColorOutput, DecodeOptions, DisposalMethod};

use crate::canvas::Canvas;
use crate::colour::Colour;

/// Plays the GIF in `bytes`: calls `each` with what is shown after every frame and how long it is
/// shown (in milliseconds); returns how many frames there were. Frames are drawn as GIF viewers draw
/// them (transparent pixels keep what was there; a frame disposed of to the background clears its
/// rectangle), on a screen that starts black.
pub fn play_gif(
    bytes: &[u8],
    mut each: impl FnMut(&Canvas, u32),
) -> Result<usize, gif::DecodingError> {
    let mut options = DecodeOptions::new();
    options.set_color_output(ColorOutput::Indexed);
    let mut decoder = options.read_info(bytes)?;
    let global = decoder.global_palette().map(<[u8]>::to_vec);
    let (width, height) = (u32::from(decoder.width()), u32::from(decoder.height()));
    let black = Colour::hex(0x000000);
    let mut screen = Canvas::new(width, height, black);
    let mut count = 0;
    while let Some(frame) = decoder.read_next_frame()? {
        let palette = frame
            .palette
            .as_deref()
            .or(global.as_deref())
            .unwrap_or(&[]);
        let (left, top) = (i32::from(frame.left), i32::from(frame.top));
        let frame_w = usize::from(frame.width);
        for (i, &index) in frame.buffer.iter().enumerate() {
            if Some(index) == frame.transparent {
                continue;
            }
            let at = 3 * usize::from(index);
            let colour = palette
                .get(at..at + 3)
                .map_or(black, |c| Colour::rgb(c[0], c[1], c[2]));
            let (x, y) = ((i % frame_w) as i32, (i / frame_w) as i32);
            screen.blend(left + x, top + y, colour, 1.0);
        }
        each(&screen, u32::from(frame.delay) * 10);
        count += 1;
        if frame.dispose == DisposalMethod::Background {
            screen.fill_rect(left, top, frame_w as i32, i32::from(frame.height), black);
        }
    }
    Ok(count)
}
