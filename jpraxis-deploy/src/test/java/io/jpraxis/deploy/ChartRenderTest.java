package io.jpraxis.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ChartRenderTest {
    @Test
    void prints() throws Exception {
        RenderedChart chart = RenderedChart.render();
        System.out.println(chart.yaml());
        for (var o : chart.objects()) {
            KubernetesSchema.validate(o);
        }
        assertThat(chart.kinds()).isNotEmpty();
    }
}
