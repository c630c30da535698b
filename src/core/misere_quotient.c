/* placeholder */
#include "grundy/misere.h"

gr_status gr_mis_quotient_image(const gr_mis_quotient *q, uint64_t h, uint32_t *e)
{
    if (h <= q->max_heap) {
        *e = q->image[h];
        return GR_OK;
    }
    return GR_ELIMIT;
}
