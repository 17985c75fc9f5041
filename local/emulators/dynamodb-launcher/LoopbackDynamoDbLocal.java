import java.lang.reflect.Field;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.util.Arrays;
import org.eclipse.jetty.server.AbstractNetworkConnector;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import software.amazon.dynamodb.services.local.main.ServerRunner;
import software.amazon.dynamodb.services.local.server.DynamoDBProxyServer;

/**
 * Starts DynamoDB Local listening on one host only (the local stack passes 127.0.0.1). Its own main class
 * has no host option: it builds Jetty with {@code new Server(port)}, which listens on every interface.
 * This launcher builds the same server from the same command-line options, sets the host on Jetty's
 * connector before it starts, and exits if the listening address is not a loopback address.
 *
 * <p>Usage: {@code java -cp <launcher dir>:DynamoDBLocal.jar LoopbackDynamoDbLocal <host> <DynamoDB Local
 * options>}. Compiled at start-up by local/emulators/dynamodb.ts (see docs/local-stack.md, "Security").
 */
public final class LoopbackDynamoDbLocal {
  public static void main(String[] args) throws Exception {
    InetAddress host = InetAddress.getByName(args[0]);
    if (!host.isLoopbackAddress()) fail(args[0] + " is not a loopback address");
    DynamoDBProxyServer proxy =
        ServerRunner.createServerFromCommandLineArgs(Arrays.copyOfRange(args, 1, args.length));
    Server jetty = jettyOf(proxy);
    if (jetty.getConnectors().length == 0) fail("DynamoDB Local's Jetty server has no connector");
    for (Connector connector : jetty.getConnectors()) {
      if (!(connector instanceof AbstractNetworkConnector)) fail("unexpected connector " + connector);
      ((AbstractNetworkConnector) connector).setHost(host.getHostAddress());
    }
    proxy.start();
    if (!jetty.isStarted()) fail("DynamoDB Local did not start");
    for (Connector connector : jetty.getConnectors()) {
      Object channel = ((AbstractNetworkConnector) connector).getTransport();
      if (!(channel instanceof ServerSocketChannel)) fail("no listening socket for " + connector);
      InetSocketAddress bound = (InetSocketAddress) ((ServerSocketChannel) channel).getLocalAddress();
      if (!bound.getAddress().isLoopbackAddress()) fail("it listens on " + bound + ", not on loopback");
    }
  }

  /** The Jetty server inside DynamoDBProxyServer (a private field; found by its type, not its name). */
  private static Server jettyOf(DynamoDBProxyServer proxy) throws IllegalAccessException {
    for (Field field : DynamoDBProxyServer.class.getDeclaredFields()) {
      if (field.getType() == Server.class) {
        field.setAccessible(true);
        return (Server) field.get(proxy);
      }
    }
    fail("no Jetty server inside DynamoDBProxyServer (DynamoDB Local changed: update this launcher)");
    return null;
  }

  private static void fail(String message) {
    System.err.println("LoopbackDynamoDbLocal: " + message);
    System.exit(1);
  }
}
